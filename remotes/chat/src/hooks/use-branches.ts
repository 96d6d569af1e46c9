// Edit and branch (docs/architecture.md#chat-replies): a message goes in place of a stored one (an edit: the turns after
// it give way to the new one), or as one more answer to one (a regenerate of the whole turn, or of one playground
// column), and the versions of a message can be flipped through (‹ 2/3 ›). Either send costs what a new message costs.
import { useCallback } from 'react';
import { CHAT_ENDPOINTS, type ChatKind } from '@act/contracts';
import { errorMessage, type ApiClient } from '@act/host-sdk';
import type { ChatScreen } from './chat-screen';
import { newTurn, regeneratingTurn, type Turn } from '../reply-state';
import type { Conversation } from './chat-screen';
import type { MessageExtras, OutgoingMessage } from './chat-screen';

/** Where a message goes in the session's tree: in place of a stored message, or as one more answer to one. */
export type MessageBranch = { editOf: string } | { regenerateOf: string; column?: string };

let localKeys = 0;

/** A sent message's turn on screen, and how to take it back when the send was refused before its reply started. */
export interface PlacedTurn {
  /** The turn's key: a regenerated turn keeps its own, a new one gets a local key until it is stored. */
  key: string;
  show(current: Turn[]): Turn[];
  undo(current: Turn[]): Turn[];
}

/**
 * Places a message being sent among the turns shown (`shown`, as last drawn): a regenerate writes the answers of its
 * turn again (one column when named); anything else is a new turn at the end, an edit's replacing the edited turn and
 * those after it (they belong to the other branch). `price` is what it costs when charged.
 */
export function placeSentTurn(
  shown: Turn[],
  message: Pick<OutgoingMessage, 'prompt' | 'attachments' | 'branch'>,
  columns: readonly string[],
  price: number | undefined,
): PlacedTurn {
  const { branch } = message;
  const target = branch
    ? shown.find((turn) => turn.messageId === ('editOf' in branch ? branch.editOf : branch.regenerateOf))
    : undefined;
  const regenerating = branch && 'regenerateOf' in branch ? target : undefined;
  const key = regenerating?.key ?? `local-${++localKeys}`;
  const turn = newTurn(key, message.prompt, columns, message.attachments);
  return {
    key,
    show(current) {
      if (regenerating) {
        const column = branch && 'column' in branch ? branch.column : undefined;
        return current.map((other) =>
          other.key === key ? regeneratingTurn(other, column ? [column] : undefined, price) : other,
        );
      }
      const kept = target ? current.slice(0, current.indexOf(target)) : current;
      return [...kept, price === undefined ? turn : { ...turn, price }];
    },
    // Refused before it started: the conversation is shown as it was (an edit or a regenerate changed nothing).
    undo: (current) => (branch ? shown : current.filter((other) => other.key !== key)),
  };
}

export interface Branches<K extends ChatKind> {
  /** The last turn while Regenerate may send it again (no reply streaming, nothing blocking), else undefined. */
  regenerable: Turn | undefined;
  /**
   * The edit of a stored question, sent as a new version of it with the screen's extras, while a message may be sent
   * (else undefined).
   */
  editOf(turn: Turn, extra?: MessageExtras<K>): ((prompt: string) => Promise<boolean>) | undefined;
  /**
   * The regenerate of a stored turn's answer (one playground column when named), while the turn may be regenerated
   * (`regenerable`); a turn not stored yet is sent again as a new message.
   */
  regenerate(turn: Turn, options?: { column?: string; resend?: OutgoingMessage<K> }): Promise<boolean>;
  /** Flips a message to another version (the conversation becomes the branch through it) while no reply is written. */
  showVersion: ((messageId: string) => void) | undefined;
}

export function useBranches<K extends ChatKind>(
  api: ApiClient,
  screen: ChatScreen<K>,
  conversation: Conversation<K>,
  blocked: boolean,
): Branches<K> {
  const { sessionId, streaming, send, refresh, failSend } = conversation;
  const last = conversation.turns.at(-1);
  const regenerable = last && !streaming && !blocked ? last : undefined;

  const editOf = (turn: Turn, extra?: MessageExtras<K>) => {
    const messageId = turn.messageId;
    if (!messageId || blocked || streaming) return undefined;
    return (prompt: string) => send({ prompt, ...(extra ? { extra } : {}), branch: { editOf: messageId } });
  };

  const regenerate = (turn: Turn, options: { column?: string; resend?: OutgoingMessage<K> } = {}) => {
    const again: OutgoingMessage<K> = options.resend ?? { prompt: turn.prompt };
    if (!turn.messageId) return send(again);
    const column = options.column;
    return send({
      ...again,
      prompt: turn.prompt,
      branch: { regenerateOf: turn.messageId, ...(column ? { column } : {}) },
    });
  };

  const flip = useCallback(
    async (messageId: string) => {
      if (!sessionId) return;
      failSend(null);
      try {
        await api.call(CHAT_ENDPOINTS.showVersion, { body: { messageId } });
        await refresh(sessionId);
      } catch (error) {
        failSend(errorMessage(error, screen.texts.loadMessages));
      }
    },
    [api, screen, sessionId, refresh, failSend],
  );
  const showVersion = streaming ? undefined : (id: string) => void flip(id);

  return { regenerable, editOf, regenerate, showVersion };
}
