// Following a reply by its id from any replica (docs/product-rules.md#resume): a reload, a second tab or another
// device of the same member re-attaches to a reply still being written. The reply's text is read from the database,
// where its replica saves it every CHAT_PERSIST_INTERVAL_MS (reply-columns.ts), so the follower needs no link to that
// replica: it sends the text so far, then what each later save added, and ends with exactly the final text stored.
import {
  ERROR_TEXTS,
  ErrorCode,
  type ChatColumnStatus,
  type ChatFollowEvent,
  type ChatReplyStatus,
} from '@act/contracts';
import { AppError } from '@act/service-kit';
import type { ChatStore, MessageRow, StoredChatKind } from '../db/chat-store';

export type FollowedRow = MessageRow & { kind: StoredChatKind };

/** A followed reply that ended: its stored rows, how it ended and the fields of its last event. */
export interface FollowedReply {
  sessionId: string;
  replyId: string;
  status: ChatReplyStatus;
  rows: FollowedRow[];
  done: { status: ChatReplyStatus; columns?: Record<string, ChatColumnStatus>; error?: string };
}

type FollowProgress = Exclude<ChatFollowEvent, { type: 'done' | 'error' }>;

export interface FollowDeps {
  store: ChatStore;
  /** How often the rows are read again while the reply is being written (its save interval). */
  intervalMs: number;
}

function columnStatus(row: MessageRow): ChatColumnStatus {
  return row.status === 'completed' ? 'done' : row.status === 'stopped' ? 'stopped' : 'failed';
}

/** The reply's end from its rows, as the settlement made it (reply-settlement.ts): a stop wins, then any answer. */
function replyStatus(rows: readonly MessageRow[]): ChatReplyStatus {
  if (rows.some((row) => row.status === 'stopped')) return 'stopped';
  return rows.some((row) => row.status === 'completed') ? 'completed' : 'failed';
}

/** The reply's rows, or 404 when it is not this member's (another member's, unknown, malformed: all alike). */
export async function findFollowedReply(
  store: ChatStore,
  userId: string,
  replyId: string,
): Promise<FollowedRow[]> {
  const rows = await store.replyRows(userId, replyId);
  if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
  return rows;
}

/**
 * Sends the reply's events from its stored rows until it has ended (or `signal` says the follower left). `first` are
 * the rows already read (findFollowedReply). Throws the failure of a reply that failed (the stream's `error` event).
 */
export async function followReply(
  userId: string,
  first: FollowedRow[],
  emit: (event: FollowProgress) => void,
  signal: AbortSignal,
  { store, intervalMs }: FollowDeps,
): Promise<FollowedReply> {
  const head = first[0]!;
  const { kind, session_id: sessionId } = head;
  const replyId = head.reply_id!;
  // A fused answer (issue 25) is one answer of a playground session, not a turn's columns.
  const multi = kind === 'playground' && !head.fused_from;
  emit({
    type: 'start',
    sessionId,
    messageId: replyId,
    ...(multi ? { columns: first.map((row) => row.model_name ?? '') } : {}),
    ...(first.some((row) => row.local) ? { local: true } : {}),
  });
  /** What each row's follower has been sent so far. */
  const sent = new Map<string, { content: string; reasoning: string; citations: string; ended: boolean }>();
  let rows = first;
  for (;;) {
    for (const row of rows) {
      const column = multi ? { column: row.model_name ?? '' } : {};
      const before = sent.get(row.id) ?? { content: '', reasoning: '', citations: '[]', ended: false };
      const citations = JSON.stringify(row.citations ?? []);
      if (citations !== before.citations) emit({ type: 'sources', citations: row.citations ?? [] });
      // A reply's text only grows (each save is a prefix of the final text), so what is new is what follows.
      if (row.reasoning.length > before.reasoning.length && row.reasoning.startsWith(before.reasoning)) {
        emit({ type: 'reasoning', text: row.reasoning.slice(before.reasoning.length), ...column });
      }
      if (row.content.length > before.content.length && row.content.startsWith(before.content)) {
        emit({ type: 'delta', text: row.content.slice(before.content.length), ...column });
      }
      const ended = row.status !== 'streaming';
      if (ended && !before.ended && multi) {
        emit({
          type: 'column',
          column: row.model_name ?? '',
          status: columnStatus(row),
          ...(row.error ? { error: row.error } : {}),
        });
      }
      sent.set(row.id, { content: row.content, reasoning: row.reasoning, citations, ended });
    }
    if (rows.every((row) => row.status !== 'streaming')) break;
    await new Promise<void>((resolve) => {
      const left = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', left);
        resolve();
      }, intervalMs);
      signal.addEventListener('abort', left, { once: true });
    });
    if (signal.aborted) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
    rows = await store.replyRows(userId, replyId);
    // Its session was deleted meanwhile: the reply is gone.
    if (rows.length === 0) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
  }
  const status = replyStatus(rows);
  if (status === 'failed') {
    // Said in the words stored with it (what the reopened session shows).
    const error = rows.find((row) => row.error)?.error ?? ERROR_TEXTS.chat.sendMessage;
    throw new AppError(ErrorCode.PROVIDER_FAILED, error);
  }
  const note = !multi && status === 'stopped' ? rows[0]?.error : null;
  return {
    sessionId,
    replyId,
    status,
    rows,
    done: {
      status,
      ...(multi
        ? { columns: Object.fromEntries(rows.map((row) => [row.model_name ?? '', columnStatus(row)])) }
        : {}),
      ...(note ? { error: note } : {}),
    },
  };
}
