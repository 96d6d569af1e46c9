// How a chat reply ends (docs/charges.md#chat-replies): its final rows are stored and its charge settled as the
// settlement says, then the member is told (the last event, `done` or `error`) and the outcome is handed back.
import type { ChargeOutcome, ChatReplyStatus } from '@act/contracts';
import {
  retryWhileDbUnavailable,
  type AppError,
  type Charge,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ChatStore, ReplyRowState } from '../db/chat-store';
import type { Generation } from './generations';
import type { ColumnOutcome } from './reply-columns';
import type { ReplyKind } from './reply-request';

export interface ReplyOutcome {
  kind: ReplyKind;
  sessionId: string;
  replyId: string;
  status: ChatReplyStatus;
  columns: ColumnOutcome[];
  /** The balance after the reply (after the refund when it was released). */
  remainingCredits: number;
  /** Set when the whole reply failed and was refunded. */
  failure?: AppError;
}

export interface StoreAndSettle {
  store: ChatStore;
  outbox: Outbox;
  /** Held, and running the reply (charge.run). */
  charge: Charge;
  /** The final write is retried while the database is unavailable until then (epoch ms). */
  until: number;
  log: () => Logger;
}

/**
 * Stores the reply's final rows and settles its charge, inside charge.run. Committed: the rows and the commit in one
 * transaction through the outbox, retried while the database is unavailable (a completed reply is stored whole and
 * never answered with an error for a restart of PostgreSQL); throws when it could not be made even so, and charge.run
 * releases the hold. Released: the rows say why (failed, or stopped before any text) and the hold is released; if
 * the rows cannot be written, the abandoned-reply sweep closes them as failed later and the refund goes on. Resolves
 * with the balance after a refund, when credits told it at once.
 */
export async function storeAndSettle(
  sessionId: string,
  rows: ReplyRowState[],
  outcome: ChargeOutcome,
  { store, outbox, charge, until, log }: StoreAndSettle,
): Promise<number | null | undefined> {
  const retry = { until, logger: log() };
  if (outcome === 'committed') {
    await retryWhileDbUnavailable(
      () => store.finishChargedReply(sessionId, rows, (tx) => charge.commitIn(tx, outbox)),
      { ...retry, what: 'chat reply and its charge' },
    );
    return undefined;
  }
  await retryWhileDbUnavailable(() => store.finishReply(sessionId, rows), {
    ...retry,
    what: 'chat reply (not charged)',
  }).catch((error: unknown) => log().error({ err: error }, 'could not save the ended reply'));
  // Refunded before the member hears of the end: the reply shows the balance they really have.
  return charge.release().catch(() => undefined);
}

/** How the reply ended for the member: its status and balance, the time limit's note, or the failure. */
export type ReplyEnd =
  | {
      status: 'completed' | 'stopped';
      remainingCredits: number;
      /** A charged reply the time limit (or a deploy) stopped says so with the reply (one answer, not a playground). */
      note?: string;
    }
  | { status: 'failed'; remainingCredits: number; failure: AppError };

/** Sends the reply's last event (`done`, or `error` for a failed reply) and returns its outcome. */
export function announceEnd(
  generation: Pick<Generation<ReplyOutcome>, 'emit'>,
  reply: Omit<ReplyOutcome, 'status' | 'remainingCredits' | 'failure'>,
  end: ReplyEnd,
): ReplyOutcome {
  const { status, remainingCredits } = end;
  if (end.status === 'failed') {
    const { failure } = end;
    generation.emit({ type: 'error', error: failure.message, code: failure.code, remainingCredits });
    return { ...reply, status, remainingCredits, failure };
  }
  const multi = reply.kind === 'playground';
  generation.emit({
    type: 'done',
    status,
    remainingCredits,
    ...(multi ? { columns: Object.fromEntries(reply.columns.map((c) => [c.column, c.status])) } : {}),
    ...(end.note && !multi ? { error: end.note } : {}),
  });
  return { ...reply, status, remainingCredits };
}
