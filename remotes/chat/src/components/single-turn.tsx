// One question and its one reply (chat agent, reasoning, web chat): the member's message with its attachments (an
// image as a thumbnail, a PDF as a chip; both open the stored file once the session is read back), then the reply.
import type { ReactNode } from 'react';
import { FileText, ImageIcon } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { chargeNote, SINGLE, turnCost, type AttachmentView, type Turn } from '../reply-state';
import { EditableQuestion } from './branch-controls';
import { ReplyView } from './reply-view';
import './single-turn.css';
import './attachment-picker.css';

const T = UI_TEXTS.chat;

export interface SingleTurnProps {
  turn: Turn;
  /** Names the reply for screen readers and tests (the model's name). */
  label: string;
  /** Present on the last turn when it may be regenerated. */
  onRegenerate?: () => void;
  /** What the member's bubble shows instead of the prompt (the web chat's opening turn shows its page). */
  question?: ReactNode;
  /** Present while the question may be edited (a new version of it, sent at the message's price). */
  onEdit?: (prompt: string) => Promise<boolean> | void;
  /** Present while versions may be flipped (‹ 2/3 ›): shows the version with this id. */
  onShowVersion?: (messageId: string) => void;
  /** What an edit or a regenerate costs, shown before it is sent. */
  cost?: number;
}

function AttachmentLink({ url, children }: { url: string | undefined; children: ReactNode }) {
  if (!url || url.startsWith('data:')) return children;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" aria-label={T.openAttachment}>
      {children}
    </a>
  );
}

function ImageAttachment({ image }: { image: AttachmentView }) {
  return (
    <span className="ch-user__image" data-testid="turn-image">
      {image.url ? (
        <AttachmentLink url={image.url}>
          <img src={image.url} alt={image.name} />
        </AttachmentLink>
      ) : (
        <span className="ch-chip">
          <ImageIcon size={14} aria-hidden /> {image.name}
        </span>
      )}
    </span>
  );
}

export function SingleTurn({
  turn,
  label,
  onRegenerate,
  question,
  onEdit,
  onShowVersion,
  cost: price,
}: SingleTurnProps) {
  const reply = turn.replies[SINGLE];
  const cost = turnCost(turn);
  const { image, pdf } = turn.attachments ?? {};
  return (
    <div className="ch-turn ch-turn--single">
      <EditableQuestion
        prompt={turn.prompt}
        versions={turn.versions}
        onShowVersion={onShowVersion}
        onEdit={onEdit}
        cost={price ?? 0}
      >
        <div className="ch-user" aria-label={T.you}>
          {question ?? <p>{turn.prompt}</p>}
          {(image || pdf) && (
            <p className="ch-user__files">
              {image && <ImageAttachment image={image} />}
              {pdf && (
                <AttachmentLink url={pdf.url}>
                  <span className="ch-chip" data-testid="turn-pdf">
                    <FileText size={14} aria-hidden /> {pdf.name}
                  </span>
                </AttachmentLink>
              )}
            </p>
          )}
        </div>
      </EditableQuestion>
      {reply && (
        <ReplyView
          reply={reply}
          label={label}
          onRegenerate={onRegenerate}
          regenerateCost={price}
          onShowVersion={onShowVersion}
          answer={turn.replyId ? { message: turn.replyId } : undefined}
          chargeNote={chargeNote(turn, SINGLE)}
          cost={cost === undefined ? undefined : T.replyCost(cost)}
        />
      )}
    </div>
  );
}
