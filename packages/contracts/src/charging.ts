// The product's rule for what an unfinished tool use costs (docs/architecture.md#credits and #streaming-replies),
// written once so every family (one-shot tools, streamed chat replies, long voice jobs) settles a stopped or failed
// run the same way.

/** How a held charge ends: credits records the use, or refunds the hold. */
export type ChargeOutcome = 'committed' | 'released';

/**
 * A run that was stopped (the member pressed Stop, closed the tab of a one-shot tool, a deploy ended it) or that
 * failed is released when no output was delivered to the member, and committed once, in full, otherwise: a reply
 * that streamed words, or a result that was stored for the member, is charged exactly once even if it stopped early.
 */
export function outcomeOfUnfinishedRun(outputDelivered: boolean): ChargeOutcome {
  return outputDelivered ? 'committed' : 'released';
}

/** How a chat reply (or a playground turn, all four columns together) ended, as the member is shown it. */
export type ChatReplyEnd = 'completed' | 'stopped' | 'failed';

/**
 * The charge rule of a chat reply, one line per way it can end (docs/charges.md):
 * - completed (a playground turn where at least one column answered): committed, once, when its final rows are
 *   stored (the final write is retried, so a completed reply is never answered with an error);
 * - stopped by the member, or cut by the time limit: committed when text (answer or reasoning) had arrived,
 *   released when nothing had;
 * - failed (the provider broke off before or after text, an empty answer, every playground column failed, the final
 *   write failed for good, the replica died): released. A reply shown as failed is never charged.
 */
export function outcomeOfChatReply(end: ChatReplyEnd, textArrived: boolean): ChargeOutcome {
  if (end === 'completed') return 'committed';
  if (end === 'stopped') return outcomeOfUnfinishedRun(textArrived);
  return 'released';
}

/**
 * The longest a charged call may work while its credits are held: one HTTP request through the gateway (its default
 * upstream timeout). Credits' hold lifetime is checked against it at start-up (plus the redelivery of the outcome
 * event), so a success can never arrive after its hold was swept; a tool service's own budget must fit inside it.
 */
export const CHARGED_WORK_MAX_MS = 180_000;
