// What a chat reply costs, from how its columns ended (docs/charges.md#chat-replies): one pure rule, built on
// contracts' outcomeOfChatReply, for a single answer and for a playground turn whose four columns share one charge.
import {
  outcomeOfChatReply,
  type ChargeOutcome,
  type ChatColumnStatus,
  type ChatReplyStatus,
} from '@act/contracts';

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
