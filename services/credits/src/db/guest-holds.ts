// Queries on guests' holds: a guest's free try per network and tool, and all guests' daily budget per tool, each
// counted under an advisory lock so concurrent guests never take more than they may.
import type { ToolId } from '@act/contracts';
import type { Db } from '@act/service-kit';
import type { HoldLease } from './holds';

// Advisory-lock key spaces (two-int form, so they never meet the single-bigint migration lock).
const GUEST_SLOT_LOCK_SPACE = 4_711;
const GUEST_BUDGET_LOCK_SPACE = 4_712;

// Guests are matched by guest_key(address) (migration 002): the IPv4 address, or the IPv6 /64.

/** Serialises guest reserves per (guest network, tool) until the transaction ends; others run in parallel. */
export async function lockGuestSlot(tx: Db, visitorIp: string, tool: ToolId): Promise<void> {
  await tx`
    select pg_advisory_xact_lock(${GUEST_SLOT_LOCK_SPACE}, hashtext(guest_key(${visitorIp}) || '|' || ${tool}))`;
}

/**
 * Whether this guest network used (or is using) this tool since `since`; released and expired holds do not count.
 */
export async function guestUsedSince(db: Db, visitorIp: string, tool: ToolId, since: Date): Promise<boolean> {
  const rows = await db`
    select 1 from holds
    where user_id is null and guest_key = guest_key(${visitorIp}) and tool = ${tool}
      and status in ('held', 'committed') and created_at > ${since}
    limit 1`;
  return rows.length > 0;
}

/**
 * Serialises the guest uses of one tool until the transaction ends, so that counting the budget and taking a use
 * from it cannot interleave. Taken after the slot lock (always in that order, so never a deadlock), and only by a
 * guest who still has a try: repeat visitors are turned away without queueing here.
 */
export async function lockGuestBudget(tx: Db, tool: ToolId): Promise<void> {
  await tx`select pg_advisory_xact_lock(${GUEST_BUDGET_LOCK_SPACE}, hashtext(${tool}))`;
}

/** Guest uses of the tool since `since` (all guests), counted no further than `limit`. */
export async function countGuestUses(db: Db, tool: ToolId, since: Date, limit: number): Promise<number> {
  const [row] = await db<{ used: number }[]>`
    select count(*)::int as used from (
      select 1 from holds
      where user_id is null and tool = ${tool} and status in ('held', 'committed') and created_at > ${since}
      limit ${limit}
    ) recent`;
  return row?.used ?? 0;
}

export async function insertGuestHold(
  db: Db,
  input: { requestId: string; visitorIp: string; tool: ToolId; now: Date; lease?: HoldLease },
): Promise<void> {
  await db`
    insert into holds (request_id, visitor_ip, guest_key, tool, cost, status, created_at, replica, lease_ms)
    values (
      ${input.requestId}, ${input.visitorIp}, guest_key(${input.visitorIp}), ${input.tool}, 0, 'held', ${input.now},
      ${input.lease?.replica ?? null}, ${input.lease?.ms ?? null}
    )`;
}
