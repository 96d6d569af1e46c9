// The product's rule for what an unfinished tool use costs (ARCHITECTURE §4 and §5a), written once so every family
// (one-shot tools, streamed chat replies, long voice jobs) settles a stopped or failed run the same way.

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
