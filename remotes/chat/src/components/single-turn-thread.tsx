// The conversation of a one-reply screen (chat agent, reasoning, web chat): the turns, each a question and its reply,
// in a thread that keeps to the bottom as replies grow; a spinner or the load failure while the session is read; the
// screen's empty text before the first message. Edit, the versions and Regenerate (last turn only) come from the page.
import type { ReactNode } from 'react';
import type { ChatKind } from '@act/contracts';
import type { ChatPage } from '../hooks/chat-screen';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import type { Turn } from '../reply-state';
import { LoadedConversation } from './chat-frame';
import { SingleTurn, type SingleTurnProps } from './single-turn';

export interface SingleTurnThreadProps<K extends ChatKind> {
  page: ChatPage<K>;
  /** Names each reply for screen readers and tests (the model's or the tool's name). */
  label: string;
  /** Regenerates the last turn, while it may be. */
  onRegenerate?: () => void;
  /** A turn's edit (the page's `editOf` with its extras); `page.editOf(turn)` when left out. */
  editOf?(turn: Turn, index: number): SingleTurnProps['onEdit'];
  /** What a member's bubble shows instead of the prompt (the web chat's opening turn shows its page). */
  question?(turn: Turn, index: number): ReactNode;
  /** Shown before the first message; nothing when left out. */
  empty?: string;
}

export function SingleTurnThread<K extends ChatKind>({
  page,
  label,
  onRegenerate,
  editOf,
  question,
  empty,
}: SingleTurnThreadProps<K>) {
  const { turns } = page.conversation;
  const scroller = useStickToBottom<HTMLDivElement>(turns);
  return (
    <div className="ch-thread" ref={scroller}>
      <LoadedConversation conversation={page.conversation}>
        {turns.length === 0 && empty !== undefined ? (
          <p className="ch-main__empty">{empty}</p>
        ) : (
          turns.map((turn, index) => (
            <SingleTurn
              key={turn.key}
              turn={turn}
              label={label}
              question={question?.(turn, index)}
              onRegenerate={index === turns.length - 1 ? onRegenerate : undefined}
              onEdit={editOf ? editOf(turn, index) : page.editOf(turn)}
              onShowVersion={page.showVersion}
              cost={page.cost}
            />
          ))
        )}
      </LoadedConversation>
    </div>
  );
}
