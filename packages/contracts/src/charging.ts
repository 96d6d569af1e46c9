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

/**
 * The longest a charged call may work while its credits are held: one HTTP request through the gateway (its default
 * upstream timeout). Credits' hold lifetime is checked against it at start-up (plus the redelivery of the outcome
 * event), so a success can never arrive after its hold was swept; a tool service's own budget must fit inside it.
 */
export const CHARGED_WORK_MAX_MS = 180_000;
