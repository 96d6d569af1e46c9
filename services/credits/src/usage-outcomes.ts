// Applying usage outcomes (the third step of a charge; reserving is reserve.ts): committed → a tool_usage row,
// released → refund. Each event is applied at most once: its id is recorded with the change, and a hold only ever
// leaves `held` once. A commit batch is one statement (db/commit-batch.ts); late commits get a transaction of their
// own, only when a batch has some (docs/performance.md#the-commit-batch).
import type { UsageEvent } from '@act/contracts/server';
import type { Clock } from './clock';
import type { CreditsStore, CreditsTransaction } from './db/credits-store';
import type { SettleInput, SettleResult, UnreservedRelease } from './db/holds';
import { ensureAccount } from './domain/account-lifecycle';
import { PLAN_ALLOWANCES, raiseNotices } from './domain/credit-controls';
import type { NoticeEvents } from './domain/notice-events';
import { guestAddress } from './reserve';

export type UsageOutcome = 'committed' | 'released';

export interface UsageEventDeps {
  store: CreditsStore;
  clock: Clock;
  /** Publishes the usage notices a commit raises (credits.notice.raised). */
  notices: NoticeEvents;
}

/** The JetStream message id and processed-event id of an outcome: one per request and outcome. */
export function usageEventId(requestId: string, outcome: UsageOutcome): string {
  return `${requestId}:${outcome}`;
}

/**
 * Applies a batch of events of one outcome (one statement or transaction for many events is what keeps the
 * consumer ahead of the reservers). Results come back per event, in order; a requestId repeated within the batch
 * is applied once.
 */
export async function applyUsageEvents(
  deps: UsageEventDeps,
  outcome: UsageOutcome,
  events: readonly UsageEvent[],
): Promise<SettleResult[]> {
  const unique = [...new Map(events.map((event) => [event.requestId, event])).values()].map((event) => ({
    eventId: usageEventId(event.requestId, outcome),
    requestId: event.requestId,
  }));
  if (unique.length === 0) return [];
  const now = deps.clock.now();
  const results =
    outcome === 'committed'
      ? await commitUsage(deps, unique, now)
      : await deps.store.transaction(async (tx) => {
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
 * The commit batch's one statement (its notices included), then, only when it found some, the late commits in one
 * transaction with the notices they raise: a notice and its outbox event are written with the charge that crossed
 * the line.
 */
async function commitUsage(
  { store, notices }: UsageEventDeps,
  unique: readonly SettleInput[],
  now: Date,
): Promise<SettleResult[]> {
  const batch = await store.commitHolds(
    unique,
    { allowances: PLAN_ALLOWANCES, subject: notices.subject },
    now,
  );
  let raised = batch.raised;
  const late = lateCandidates(unique, batch.results);
  const results =
    late.size === 0
      ? batch.results
      : await store.transaction(async (tx) => {
          const lateCommitted = await tx.commitExpiredHolds([...late.keys()], now);
          raised += await raiseNotices(tx, notices, lateCommitted, now);
          return markApplied(batch.results, late, lateCommitted);
        });
  if (raised > 0) notices.trigger();
  return results;
}

/**
 * A commit whose hold the sweeper expired first is still charged (see commitExpiredHolds): the member has the
 * result. A hold read as `held` that the settlement did not move was expired by the sweeper while the statement
 * waited for its row (the statement's read predates the sweeper's commit): it is a candidate too, and
 * commitExpiredHolds, reading the hold afresh, charges it only if it is expired now. An event seen before whose hold
 * is still expired is one too: its statement committed, then its late commit's transaction failed (a hold a late
 * commit charged is `committed`, and nothing expires a committed hold). Request id → event id.
 */
function lateCandidates(
  inputs: readonly SettleInput[],
  results: readonly SettleResult[],
): Map<string, string> {
  const requestOf = new Map(inputs.map((input) => [input.eventId, input.requestId]));
  const late = (r: SettleResult) =>
    !r.applied && (r.priorStatus === 'expired' || (r.fresh && r.priorStatus === 'held'));
  return new Map(results.filter(late).map((r) => [requestOf.get(r.eventId)!, r.eventId]));
}

function markApplied(
  results: readonly SettleResult[],
  late: ReadonlyMap<string, string>,
  lateCommitted: readonly string[],
): SettleResult[] {
  const appliedEvents = new Set(lateCommitted.map((requestId) => late.get(requestId)));
  return results.map((r) => (appliedEvents.has(r.eventId) ? { ...r, applied: true } : r));
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
