// One assistant reply: the model's reasoning (collapsed, apart from the answer), the answer as Markdown while it grows,
// its numbered sources (each opens the page, the web chat's at the cited passage), whether it was made locally, its end
// state (stopped, or the failure in the spec's words) and what that end cost, and Copy (every reply) and Regenerate (the last one).
// A finished answer of a stored session also has Send to (reply-send-to.tsx).
import { Check, Copy, RotateCcw } from 'lucide-react';
import { UI_TEXTS, type Citation, type SendToAnswer } from '@act/contracts';
import { Badge, Button, Spinner, useCopy } from '@act/host-sdk';
import type { Reply } from '../reply-state';
import { VersionNav } from './branch-controls';
import { ReadAloudButton } from '../voice/read-aloud';
import { ReplySendTo } from './reply-send-to';
import { Markdown, sourceName } from './markdown';
import './reply-view.css';

const T = UI_TEXTS.chat;

export interface ReplyViewProps {
  reply: Reply;
  /** Names the reply for screen readers and tests (the column's model on the playground). */
  label: string;
  /** Present on the last reply when it may be regenerated. */
  onRegenerate?: () => void;
  /** What its end cost (reply-state chargeNote): shown under a failed or stopped reply. */
  chargeNote?: string;
  /** What the reply cost, in words ("2 credits", "Free"), once it ended and is known. */
  cost?: string;
  /** What a regenerate costs, said by the button's tooltip before it is sent. */
  regenerateCost?: number;
  /** Present while versions may be flipped (‹ 2/3 ›): shows the version with this id. */
  onShowVersion?: (messageId: string) => void;
  /** Which stored answer this is (its reply id, and its column on the playground), for Send to. */
  answer?: SendToAnswer;
}

export function ReplyView({
  reply,
  label,
  onRegenerate,
  chargeNote,
  cost,
  regenerateCost,
  onShowVersion,
  answer,
}: ReplyViewProps) {
  const { copied, copy } = useCopy();
  const streaming = reply.status === 'streaming';
  const waiting = streaming && reply.text === '';
  return (
    <article
      className="ch-reply"
      data-local={reply.local || undefined}
      aria-label={label}
      aria-busy={streaming || undefined}
      data-status={reply.status}
      data-testid="chat-reply"
    >
      {reply.reasoning !== '' && (
        <details className="ch-reasoning">
          <summary>{streaming && reply.text === '' ? T.thinking : T.reasoning}</summary>
          <div className="ch-reasoning__text">{reply.reasoning}</div>
        </details>
      )}
      {waiting && reply.reasoning === '' && <Spinner size={16} label={T.thinking} showLabel />}
      {reply.local && !reply.text.startsWith(T.localAnswerNote) && (
        <p className="ch-reply__local">{T.localAnswerNote}</p>
      )}
      {reply.text !== '' && <Markdown text={reply.text} citations={reply.citations} streaming={streaming} />}
      {reply.citations.length > 0 && <Sources citations={reply.citations} />}
      {reply.status === 'failed' && (
        <p className="ch-reply__error" role="alert">
          {reply.error}
        </p>
      )}
      {reply.status === 'stopped' && <Badge tone="gray">{T.stopped}</Badge>}
      {reply.status === 'stopped' && reply.error && <p className="ch-reply__note">{reply.error}</p>}
      {cost && (
        <p className="ch-reply__cost" data-testid="reply-cost">
          {cost}
        </p>
      )}
      {chargeNote && (
        <p className="ch-reply__charge" data-testid="reply-charge">
          {chargeNote}
        </p>
      )}
      {!streaming && (reply.text !== '' || onRegenerate || reply.versions) && (
        <div className="ch-reply__actions">
          <VersionNav versions={reply.versions} onShow={onShowVersion} />
          {reply.text !== '' && (
            <Button size="sm" variant="ghost" onClick={() => void copy(reply.text)}>
              {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
              {copied ? UI_TEXTS.common.copied : UI_TEXTS.common.copy}
            </Button>
          )}
          {reply.text !== '' && <ReadAloudButton text={reply.text} />}
          {reply.status !== 'failed' && reply.text !== '' && <ReplySendTo label={label} answer={answer} />}
          {onRegenerate && (
            <Button
              size="sm"
              variant="ghost"
              onClick={onRegenerate}
              title={regenerateCost === undefined ? undefined : T.regenerateCost(regenerateCost)}
            >
              <RotateCcw size={14} aria-hidden />
              {T.regenerate}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

/** The reply's numbered sources, each opening its page in a new tab. */
export function Sources({ citations }: { citations: readonly Citation[] }) {
  return (
    <section className="ch-sources" aria-label={T.sources} data-testid="chat-sources">
      <h3 className="ch-sources__title">{T.sources}</h3>
      <ol className="ch-sources__list">
        {citations.map((citation, index) => (
          <li key={`${index}-${citation.url}`} className="ch-source">
            <a href={citation.url} target="_blank" rel="noopener noreferrer nofollow">
              <span className="ch-source__number">{index + 1}</span>
              <span className="ch-source__name">{sourceName(citation)}</span>
            </a>
            {citation.quote && <q className="ch-source__quote">{citation.quote}</q>}
          </li>
        ))}
      </ol>
    </section>
  );
}
