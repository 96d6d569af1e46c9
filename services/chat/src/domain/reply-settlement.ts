// What a chat reply costs and how it ends (docs/charges.md#chat-replies). Its charge: the tool, its price options and
// failure text (chargeOf). Then what it costs, from how its columns ended (columnEnd):
// one pure rule, built on contracts' outcomeOfChatReply, for a single answer and for a playground turn whose four
// columns share one charge (settleReply; settleReport for Deep Search). Then the end itself: its final rows (rowsOf)
// are stored and its charge settled as that rule says (storeAndSettle), and what the member is told follows from both
// (endOf and unstoredEnd, pure; chat-replies.ts sends it as the last event, `done` or `error`).
import {
  CHAT_REPLY_FAILED_TEXTS,
  outcomeOfChatReply,
  toolCost,
  type ChargeOutcome,
  type ChatColumnStatus,
  type ChatReplyStatus,
  type ToolCostOptions,
  type ToolId,
} from '@act/contracts';
import {
  AppError,
  ErrorCode,
  retryWhileDbUnavailable,
  type Charge,
  type CreationAnnouncer,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ChatStore, ReplyRowState } from '../db/chat-store';
import { announceSession } from './creations';
import type { Generation } from './generations';
import type { ColumnOutcome } from './reply-columns';
import type { ReplyKind, ReplyRequest } from './reply-request';

/**
 * What a reply's charge is: the tool and its price options (the price rule), the price they make, and the text a
 * member reads when the whole reply failed. A refused reserve's text is the tool's own (contracts
 * insufficientCreditsText, by the same tool and options, applied by the kit's reserveCharge).
 */
export interface ReplyCharge {
  tool: ToolId;
  options?: ToolCostOptions;
  price: number;
  /** What a member reads when the whole reply failed (docs/product-rules.md#errors, chat). */
  failedText: string;
}

export function chargeOf(request: ReplyRequest): ReplyCharge {
  const failed = CHAT_REPLY_FAILED_TEXTS;
  const charge = (tool: ToolId, failedText: string, options?: ToolCostOptions): ReplyCharge => ({
    tool,
    ...(options ? { options } : {}),
    price: toolCost(tool, options),
    failedText,
  });
  switch (request.kind) {
    case 'playground':
      return charge('ai-chat-playground', failed.playground);
    case 'reasoning':
      return charge('chat-reasoning', failed.reasoning);
    case 'agent':
      return charge('chat-agent', failed.agent, request.webSearch ? { webSearch: true } : undefined);
    case 'fuse':
      // Priced as one chat agent message (docs/product-rules.md#fuse).
      return charge('chat-agent', failed.fuse);
    case 'deep-search':
      return charge('deep-search', failed['deep-search']);
    case 'web':
      return request.page
        ? charge('ai-web-chat', failed['web-start'])
        : charge('ai-web-chat', failed['web-follow-up'], { followUp: true });
  }
}

/** How one column ended, and whether any of its text (answer or reasoning) arrived. */
export interface ColumnEnd {
  status: ChatColumnStatus;
  textArrived: boolean;
}

/** How the whole reply ended as the member is shown it, and what happens to its charge. */
export interface ReplySettlement {
  status: ChatReplyStatus;
  charge: ChargeOutcome;
}

/**
 * The reply's end and charge from its columns' ends. `stopped` is the reply's stop (the member, the time limit, a
 * deploy): a stopped reply is shown as stopped even when its columns had all ended when the stop landed. Otherwise
 * the reply completed when at least one column answered (a failed column beside it is free with the turn), and failed
 * when none did. Then outcomeOfChatReply: completed is committed, stopped is committed when any column had text,
 * failed is released, even when words were shown before the failure.
 */
export function settleReply(columns: readonly ColumnEnd[], stopped: boolean): ReplySettlement {
  return settle(columns, stopped, outcomeOfChatReply);
}

/**
 * A Deep Search report's end and charge: charged only when the report was delivered (completed); a stopped report is
 * free even when some of it had been written (docs/charges.md#chat-replies).
 */
export function settleReport(columns: readonly ColumnEnd[], stopped: boolean): ReplySettlement {
  return settle(columns, stopped, (status) => (status === 'completed' ? 'committed' : 'released'));
}

function settle(
  columns: readonly ColumnEnd[],
  stopped: boolean,
  outcomeOf: (status: ChatReplyStatus, textArrived: boolean) => ChargeOutcome,
): ReplySettlement {
  const status: ChatReplyStatus = stopped
    ? 'stopped'
    : columns.some((column) => column.status === 'done')
      ? 'completed'
      : 'failed';
  const textArrived = columns.some((column) => column.textArrived);
  return { status, charge: outcomeOf(status, textArrived) };
}

/** How a column ended, as the settlement reads it ("text" is answer or reasoning text). */
export function columnEnd(column: ColumnOutcome): ColumnEnd {
  return { status: column.status, textArrived: column.content !== '' || column.reasoning !== '' };
}

function rowStatus(status: ChatColumnStatus): ReplyRowState['status'] {
  return status === 'done' ? 'completed' : status;
}

/** The columns as their stored rows. */
export function rowsOf(columns: readonly ColumnOutcome[]): ReplyRowState[] {
  return columns.map((column) => ({
    id: column.rowId,
    content: column.content,
    reasoning: column.reasoning,
    status: rowStatus(column.status),
    ...(column.error ? { error: column.error } : {}),
    citations: column.citations,
    local: column.local,
  }));
}

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
  /** Announces the session, with its new answer, to the member's library in the answer's transaction. */
  creations: CreationAnnouncer;
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
  { store, outbox, creations, charge, until, log }: StoreAndSettle,
): Promise<number | null | undefined> {
  const retry = { until, logger: log() };
  if (outcome === 'committed') {
    await retryWhileDbUnavailable(
      () =>
        store.finishChargedReply(sessionId, rows, async (tx) => {
          await charge.commitIn(tx, outbox);
          await announceSession(creations, tx, sessionId);
        }),
      { ...retry, what: 'chat reply and its charge' },
    );
    creations.trigger();
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

/** What the member is told once the reply was stored and settled. */
export interface EndOf {
  settlement: ReplySettlement;
  kind: ReplyKind;
  columns: readonly ColumnOutcome[];
  /** The balance after the hold (credits told it when the charge was reserved or committed). */
  heldBalance: number;
  /** The balance after the refund: as credits told it, or the held balance plus the cost given back. */
  refundedBalance: number;
  /** The tool's words for a failed reply. */
  failedText: string;
}

/**
 * The reply's end as the member is shown it. Committed: its status and the held balance, and when the time limit
 * stopped it, the note that says so. Released: the refunded balance, stopped before any text, or failed in the
 * tool's words (the provider broke off, every playground column failed; Deep Search says why its report failed).
 */
export function endOf(end: EndOf): ReplyEnd {
  const { settlement, columns, failedText } = end;
  const { status } = settlement;
  if (settlement.charge === 'committed' && status !== 'failed') {
    const note =
      status === 'stopped'
        ? columns.find((column) => column.status === 'stopped' && column.error)?.error
        : undefined;
    return { status, remainingCredits: end.heldBalance, ...(note ? { note } : {}) };
  }
  const remainingCredits = end.refundedBalance;
  if (status === 'stopped') return { status, remainingCredits };
  const text = end.kind === 'deep-search' ? (columns[0]?.error ?? failedText) : failedText;
  const failure = new AppError(ErrorCode.PROVIDER_FAILED, text, { details: { remainingCredits } });
  return { status: 'failed', remainingCredits, failure };
}

/**
 * The end of a charged reply that could not be stored even after retrying (charge.run released its hold): a stopped
 * one still ends as stopped; otherwise the member is told it failed, in the tool's words, and it costs nothing.
 */
export function unstoredEnd(
  status: ChatReplyStatus,
  remainingCredits: number,
  failedText: string,
  cause: unknown,
): ReplyEnd {
  if (status === 'stopped') return { status, remainingCredits };
  const failure = new AppError(ErrorCode.SERVICE_UNAVAILABLE, failedText, {
    details: { remainingCredits },
    cause,
  });
  return { status: 'failed', remainingCredits, failure };
}

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
