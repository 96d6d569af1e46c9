// Applying usage outcomes (docs/architecture.md#credits step 3): committed → a tool_usage row, released → refund.
// Each event is applied at most once: its id is recorded with the change, and a hold only ever leaves `held` once, so
// a commit or release arriving after the sweeper expired the hold neither charges again nor refunds twice.
import type { UsageEvent } from '@act/contracts/server';
import type { CreditsStore, CreditsTransaction } from '../db/credits-store';
import type { SettleResult, UnreservedRelease } from '../db/holds';
import type { Clock } from '../clock';
import { ensureAccount } from './account-lifecycle';
import { raiseNotices } from './credit-controls';
import { guestAddress } from './reserve';

export type UsageOutcome = 'committed' | 'released';

export interface UsageEventDeps {
  store: CreditsStore;
  clock: Clock;
}

/** The JetStream message id and processed-event id of an outcome: one per request and outcome. */
export function usageEventId(requestId: string, outcome: UsageOutcome): string {
  return `${requestId}:${outcome}`;
}

/**
 * Applies a batch of events of one outcome in one transaction (one commit for many events is what keeps the
 * consumer ahead of the reservers). Results come back per event, in order; a requestId repeated within the batch
 * is applied once.
 */
export async function applyUsageEvents(
  { store, clock }: UsageEventDeps,
  outcome: UsageOutcome,
  events: readonly UsageEvent[],
): Promise<SettleResult[]> {
  const unique = [...new Map(events.map((event) => [event.requestId, event])).values()].map((event) => ({
    eventId: usageEventId(event.requestId, outcome),
    requestId: event.requestId,
  }));
  if (unique.length === 0) return [];
  const now = clock.now();
  const results =
    outcome === 'committed'
      ? await store.transaction(async (tx) => {
          const committed = await tx.commitHolds(unique, now);
          const results = await commitLate(tx, unique, committed, now);
          await raiseNotices(tx, unique, results, now);
          return results;
        })
      : await store.transaction(async (tx) => {
          const released = await tx.releaseHolds(unique, now);
          await voidUnreserved(tx, events, released, now);
          return released;
        });
  const byEventId = new Map(results.map((result) => [result.eventId, result]));
  return events.map((event) => byEventId.get(usageEventId(event.requestId, outcome))!);
}

export async function applyUsageEvent(
  deps: UsageEventDeps,
  outcome: UsageOutcome,
  event: UsageEvent,
): Promise<SettleResult> {
  const [result] = await applyUsageEvents(deps, outcome, [event]);
  return result!;
}

/**
 * Releases that found no hold leave a tombstone (see voidUnreservedHolds). A member's account is opened first, as
 * their first reserve would have; a guest event without a usable address has nothing a reserve could match.
 */
async function voidUnreserved(
  tx: CreditsTransaction,
  events: readonly UsageEvent[],
  results: readonly SettleResult[],
  now: Date,
): Promise<void> {
  const unknown = new Set(
    results.filter((r) => r.fresh && r.priorStatus === undefined).map((r) => r.eventId),
  );
  const releases: UnreservedRelease[] = [];
  for (const event of events) {
    if (!unknown.has(usageEventId(event.requestId, 'released'))) continue;
    unknown.delete(usageEventId(event.requestId, 'released'));
    if (event.userId) releases.push({ requestId: event.requestId, tool: event.tool, userId: event.userId });
    else {
      const visitorIp = guestAddress(event.guestIp);
      if (visitorIp) releases.push({ requestId: event.requestId, tool: event.tool, visitorIp });
    }
  }
  const members = [...new Set(releases.flatMap((r) => (r.userId ? [r.userId] : [])))].sort();
  for (const userId of members) await ensureAccount(tx, userId, now);
  await tx.voidUnreservedHolds(releases, now);
}

/**
 * A commit whose hold the sweeper expired first is still charged (see commitExpiredHolds): the member has the
 * result. Marks those results applied.
 */
async function commitLate(
  tx: CreditsTransaction,
  inputs: ReadonlyArray<{ eventId: string; requestId: string }>,
  results: SettleResult[],
  now: Date,
): Promise<SettleResult[]> {
  const late = new Map(
    results
      .filter((r) => r.fresh && !r.applied && r.priorStatus === 'expired')
      .map((r) => [inputs.find((input) => input.eventId === r.eventId)!.requestId, r.eventId]),
  );
  const committed = new Set(await tx.commitExpiredHolds([...late.keys()], now));
  const appliedEvents = new Set(
    [...late].filter(([requestId]) => committed.has(requestId)).map(([, e]) => e),
  );
  return results.map((r) => (appliedEvents.has(r.eventId) ? { ...r, applied: true } : r));
}
