// The conversation on screen as plain data, and the pure functions that grow it: one turn per message the member
// sent (with its attachments), with one reply (agent, reasoning, web chat) or one reply per playground column, each
// with its numbered sources. Stream events land here, and stored messages become the same turns (stored-turns.ts), so
// a streamed reply and the same reply reloaded from the server look alike.
import {
  ERROR_TEXTS,
  LIMITS,
  UI_TEXTS,
  outcomeOfChatReply,
  type ChatFollowEvent,
  type ChatMessageVersions,
  type ChatStreamEvent,
  type Citation,
} from '@act/contracts';

export type ReplyStatus = 'streaming' | 'done' | 'failed' | 'stopped';

export interface Reply {
  text: string;
  reasoning: string;
  status: ReplyStatus;
  /** The failure in the spec's words, shown instead of (or after) the text; on a stopped reply, why (time limit). */
  error?: string;
  /** Numbered sources: `[n]` in the text is the n-th (web search results, the web chat's cited passages). */
  citations: Citation[];
  /** Made by the web chat's local extractive answerer (no provider key), not by a model. */
  local: boolean;
  /** Its stored versions (regenerated answers), when it has more than one. */
  versions?: ChatMessageVersions;
}

/** A file sent with a message: its name, and where to see it (a data URL here, a signed URL once stored). */
export interface AttachmentView {
  name: string;
  url?: string;
}

export interface Attachments {
  image?: AttachmentView;
  pdf?: AttachmentView;
}

export interface Turn {
  /** Stable React key: the user message's id, or a local id while it is being sent. */
  key: string;
  /** The stored member's message (what Edit and Regenerate name), once known. */
  messageId?: string;
  /** Its stored versions (edits of the message), when it has more than one. */
  versions?: ChatMessageVersions;
  prompt: string;
  attachments?: Attachments;
  /** The reply's id (what Stop takes), once known; stored messages carry it as reply_id. */
  replyId?: string;
  /** What the reply was charged, as stored with it (0: free); undefined until the server says. */
  credits?: number;
  /** What the message costs when charged (the price shown before it was sent), for a reply written here. */
  price?: number;
  /** The model a stored single reply was written by (the chat agent restores it for a session opened by address). */
  model?: string;
  /** Keyed by column (playground model id), or by REASONING_COLUMN for single-reply screens. */
  replies: Record<string, Reply>;
  /** A playground turn's answers fused into one (issue 25), as stored with the session: the latest fuse. */
  fused?: FusedReply;
}

/** A fused answer (docs/product-rules.md#fuse): the model that fused, the reply (Stop takes its id) and its cost. */
export interface FusedReply {
  model: string;
  replyId?: string;
  reply: Reply;
  /** What it was charged (0: free); undefined while it is written. */
  credits?: number;
}

/** The one reply of a single-model screen. */
export const SINGLE = 'reply';

export function streamingReply(): Reply {
  return { text: '', reasoning: '', status: 'streaming', citations: [], local: false };
}

export function newTurn(
  key: string,
  prompt: string,
  columns: readonly string[],
  attachments?: Attachments,
): Turn {
  return {
    key,
    prompt,
    ...(attachments ? { attachments } : {}),
    replies: Object.fromEntries(columns.map((column) => [column, streamingReply()])),
  };
}

function mapReplies(turn: Turn, update: (reply: Reply, column: string) => Reply): Turn {
  return {
    ...turn,
    replies: Object.fromEntries(
      Object.entries(turn.replies).map(([column, reply]) => [column, update(reply, column)]),
    ),
  };
}

function updateColumn(turn: Turn, column: string | undefined, update: (reply: Reply) => Reply): Turn {
  const key = column ?? SINGLE;
  const reply = turn.replies[key];
  if (!reply) return turn;
  return { ...turn, replies: { ...turn.replies, [key]: update(reply) } };
}

/**
 * Ends a reply still streaming: a stopped or failed reply keeps the text that arrived. `error` is the failure's
 * words, or for a stopped reply the server's note on why it stopped (the time limit), when it sent one.
 */
function settle(reply: Reply, status: Exclude<ReplyStatus, 'streaming'>, error?: string): Reply {
  if (reply.status !== 'streaming') return reply;
  if (status === 'failed') return { ...reply, status, error: error ?? ERROR_TEXTS.chat.sendMessage };
  if (status === 'stopped' && error) return { ...reply, status, error };
  return { ...reply, status };
}

/** The turn after one stream event. */
export function applyEvent(
  turn: Turn,
  event: ChatStreamEvent | ChatFollowEvent,
  fallbackError: string,
): Turn {
  switch (event.type) {
    case 'start': {
      // Stop takes this id, also once the stream is gone and the reply is followed by reading the session.
      const started = {
        ...turn,
        replyId: event.messageId,
        ...(event.userMessageId ? { messageId: event.userMessageId } : {}),
      };
      return event.local ? mapReplies(started, (reply) => ({ ...reply, local: true })) : started;
    }
    case 'delta':
      return updateColumn(turn, event.column, (reply) => ({ ...reply, text: reply.text + event.text }));
    case 'reasoning':
      return updateColumn(turn, event.column, (reply) => ({
        ...reply,
        reasoning: reply.reasoning + event.text,
      }));
    case 'sources':
      // The whole list each time: it replaces the one before.
      return mapReplies(turn, (reply) => ({ ...reply, citations: event.citations }));
    case 'column':
      return updateColumn(turn, event.column, (reply) =>
        settle(reply, event.status, event.status === 'failed' ? (event.error ?? fallbackError) : event.error),
      );
    case 'done':
      return mapReplies(turn, (reply, column) => {
        const status =
          event.columns?.[column] ??
          (event.status === 'completed' ? 'done' : event.status === 'stopped' ? 'stopped' : 'failed');
        return settle(reply, status, status === 'failed' ? (event.error ?? fallbackError) : event.error);
      });
    case 'error':
      return mapReplies(turn, (reply) => settle(reply, 'failed', event.error || fallbackError));
    case 'step':
      // Deep Search's research steps: its own page shows them; a chat turn has none.
      return turn;
  }
}

/**
 * The turn as a followed reply starts again: a follower is sent each reply's whole text from the beginning
 * (docs/product-rules.md#resume), so what the page showed is replaced by it, not added to.
 */
export function restartTurn(turn: Turn): Turn {
  return mapReplies(turn, (reply) => ({ ...streamingReply(), local: reply.local }));
}

/** Every reply of the turn that is still streaming fails with this text (the stream broke off). */
export function failTurn(turn: Turn, error: string): Turn {
  return mapReplies(turn, (reply) => settle(reply, 'failed', error));
}

/**
 * The last turn read again from the server while its reply is still being written, keeping text this page already
 * shows: the stored text of a reply being written may lag behind what the stream had delivered before it broke off.
 * A reply that has ended shows its stored text as it is.
 */
export function keepShownText(shown: Turn | undefined, loaded: Turn): Turn {
  if (!shown) return loaded;
  const same =
    shown.replyId && loaded.replyId ? shown.replyId === loaded.replyId : shown.prompt === loaded.prompt;
  if (!same) return loaded;
  const longer = (kept: string, stored: string) =>
    kept.length > stored.length && kept.startsWith(stored) ? kept : stored;
  return mapReplies(loaded, (reply, column) => {
    const before = shown.replies[column];
    if (reply.status !== 'streaming' || !before) return reply;
    return {
      ...reply,
      text: longer(before.text, reply.text),
      reasoning: longer(before.reasoning, reply.reasoning),
    };
  });
}

/** How the whole turn ended, as contracts outcomeOfChatReply reads it, and whether any text arrived. */
function turnEnd(turn: Turn): { end: 'stopped' | 'completed' | 'failed'; textArrived: boolean } {
  const replies = Object.values(turn.replies);
  const textArrived = replies.some((other) => other.text !== '' || other.reasoning !== '');
  const end = replies.some((other) => other.status === 'stopped')
    ? 'stopped'
    : replies.some((other) => other.status === 'done')
      ? 'completed'
      : 'failed';
  return { end, textArrived };
}

/**
 * What the turn cost in credits once it ended (0: free): as stored with it, or for a reply written here its price
 * when the charge rule charges it (docs/charges.md). Undefined while it streams or when it is not known.
 */
export function turnCost(turn: Turn): number | undefined {
  if (isStreaming(turn)) return undefined;
  if (turn.credits !== undefined) return turn.credits;
  if (turn.price === undefined) return undefined;
  const { end, textArrived } = turnEnd(turn);
  return outcomeOfChatReply(end, textArrived) === 'committed' ? turn.price : 0;
}

/**
 * What a reply's end cost the member, in words (the rule: contracts outcomeOfChatReply, docs/charges.md), judged for
 * its whole turn (the playground's four columns share one price): a failed reply and a stop before any text are not
 * charged; a stop after text is; a playground column that failed beside one that answered is part of a charged
 * message. Undefined while it streams and for a completed reply (its price was shown before it was sent).
 */
export function chargeNote(turn: Turn, column: string): string | undefined {
  const reply = turn.replies[column];
  if (!reply || reply.status === 'streaming' || reply.status === 'done') return undefined;
  if (isStreaming(turn)) return undefined;
  const { end, textArrived } = turnEnd(turn);
  if (outcomeOfChatReply(end, textArrived) === 'released') return UI_TEXTS.chat.notCharged;
  return reply.status === 'stopped' ? UI_TEXTS.chat.chargedStopped : UI_TEXTS.chat.playgroundColumnFailed;
}

/** True while any reply of the turn is still being written. */
export function isStreaming(turn: Turn | undefined): boolean {
  return !!turn && Object.values(turn.replies).some((reply) => reply.status === 'streaming');
}

/**
 * The turn as a regenerate of some of its replies starts (all of them when `columns` is left out): those replies
 * are written again from nothing, the others stay; what it cost is known again once it ends (`price`).
 */
export function regeneratingTurn(turn: Turn, columns: readonly string[] | undefined, price?: number): Turn {
  const { credits: _credits, ...rest } = turn;
  const again = mapReplies(rest, (reply, column) =>
    !columns || columns.includes(column) ? streamingReply() : reply,
  );
  return price === undefined ? again : { ...again, price };
}

/** Longest history entry the contract accepts. */
const HISTORY_CONTENT_MAX = LIMITS.chatMessage * 4;

/**
 * What each playground model has seen so far (docs/product-rules.md#endpoints conversationHistories): the member's
 * messages and that model's own answers; a column that failed or has no text keeps only the question.
 */
export function conversationHistories(
  turns: readonly Turn[],
  columns: readonly string[],
): Record<string, { role: 'user' | 'assistant'; content: string }[]> {
  return Object.fromEntries(
    columns.map((column) => [
      column,
      turns
        .flatMap((turn) => {
          const reply = turn.replies[column];
          const answer = reply && reply.status !== 'failed' && reply.text.trim() !== '' ? reply.text : null;
          return [
            { role: 'user' as const, content: turn.prompt },
            ...(answer
              ? [{ role: 'assistant' as const, content: answer.slice(0, HISTORY_CONTENT_MAX) }]
              : []),
          ];
        })
        .slice(-LIMITS.chatHistoryMessages),
    ]),
  );
}
