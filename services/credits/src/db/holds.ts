// Queries on holds: the one-statement member charge, settling a hold on commit or release, and expiring stale ones
// (guests' slots are guest-holds.ts, late charges late-charges.ts). Each money movement writes its ledger row in the
// same statement or transaction.
import type { ToolId } from '@act/contracts';
import type { Db } from '@act/service-kit';
import { refundKeySpend } from './api-key-charges';

/** `void`: a tombstone left by a release that arrived before its reserve (see voidUnreservedHolds). */
export type HoldStatus = 'held' | 'committed' | 'released' | 'expired' | 'void';

export interface HoldRow {
  request_id: string;
  user_id: string | null;
  visitor_ip: string | null;
  /** guest_key(visitor_ip): what a guest's try is counted by. */
  guest_key: string | null;
  tool: ToolId;
  cost: number;
  status: HoldStatus;
  remaining_credits: number | null;
  created_at: Date;
  settled_at: Date | null;
  /** The tool-service replica whose lease keeps this hold (null: only HOLD_TTL_MS expires it). */
  replica: string | null;
  lease_ms: number | null;
}

/** The replica that runs a synchronous call and the lease it keeps alive (see expireLapsedLeases). */
export interface HoldLease {
  replica: string;
  ms: number;
}

export interface ChargeInput {
  requestId: string;
  userId: string;
  tool: ToolId;
  cost: number;
  now: Date;
  lease?: HoldLease;
}

/**
 * Charges a member in ONE statement (so one implicit transaction): the conditional UPDATE takes the credits only if
 * enough are left and nothing (reset, plan change) is due, then the hold and the ledger row are written from its
 * result. Returns the balance after the charge, or undefined when the UPDATE matched nothing (missing account, not
 * enough credits, or something due). A repeated requestId fails the hold's primary key and the whole statement
 * rolls back, so a duplicate can never charge twice.
 */
export async function chargeMember(db: Db, input: ChargeInput): Promise<number | undefined> {
  const rows = await db<{ remaining_credits: number }[]>`
    with charged as (
      update accounts set credits = credits - ${input.cost}, period_spent = period_spent + ${input.cost},
        updated_at = ${input.now}
      where user_id = ${input.userId}
        and credits >= ${input.cost}
        and (monthly_cap is null or period_spent + ${input.cost} <= monthly_cap)
        and next_credit_reset > ${input.now}
        and (scheduled_change_at is null or scheduled_change_at > ${input.now})
      returning credits
    ), held as (
      insert into holds (request_id, user_id, tool, cost, status, remaining_credits, created_at, replica, lease_ms)
      select ${input.requestId}, ${input.userId}, ${input.tool}, ${input.cost}, 'held', credits, ${input.now},
        ${input.lease?.replica ?? null}, ${input.lease?.ms ?? null}
      from charged
      returning request_id, remaining_credits
    ), entry as (
      insert into ledger (user_id, delta, reason, request_id, idempotency_key, at)
      select ${input.userId}, ${-input.cost}, 'charge', request_id, 'charge:' || request_id, ${input.now}
      from held
    )
    select remaining_credits from held`;
  return rows[0]?.remaining_credits;
}

/**
 * Charges several members in ONE statement, each charge with the same conditions as chargeMember. Callers must
 * pass distinct users (one charge per account per statement) and distinct requestIds. The accounts are locked in
 * user-id order before any is updated, so two batches running at once can never deadlock on each other. Returns
 * the balance after each charge, in input order (undefined where nothing was charged). A requestId that already
 * exists fails the whole statement, which then changes nothing.
 */
export async function chargeMembers(
  db: Db,
  charges: ReadonlyArray<Omit<ChargeInput, 'now'>>,
  now: Date,
): Promise<Array<number | undefined>> {
  const rows = await db<{ request_id: string; remaining_credits: number }[]>`
    with input as (
      select * from unnest(
        ${charges.map((c) => c.requestId)}::uuid[],
        ${charges.map((c) => c.userId)}::uuid[],
        ${charges.map((c) => c.tool)}::text[],
        ${charges.map((c) => c.cost)}::int[],
        ${charges.map((c) => c.lease?.replica ?? null)}::text[],
        ${charges.map((c) => c.lease?.ms ?? null)}::int[]
      ) as input(request_id, user_id, tool, cost, replica, lease_ms)
    ), locked as (
      select user_id from accounts
      where user_id in (select user_id from input)
      order by user_id
      for update
    ), charged as (
      update accounts set credits = accounts.credits - input.cost,
        period_spent = accounts.period_spent + input.cost, updated_at = ${now}
      from input join locked using (user_id)
      where accounts.user_id = input.user_id
        and accounts.credits >= input.cost
        and (accounts.monthly_cap is null or accounts.period_spent + input.cost <= accounts.monthly_cap)
        and accounts.next_credit_reset > ${now}
        and (accounts.scheduled_change_at is null or accounts.scheduled_change_at > ${now})
      returning input.request_id, input.user_id, input.tool, input.cost, accounts.credits, input.replica,
        input.lease_ms
    ), held as (
      insert into holds (request_id, user_id, tool, cost, status, remaining_credits, created_at, replica, lease_ms)
      select request_id, user_id, tool, cost, 'held', credits, ${now}, replica, lease_ms from charged
      returning request_id, user_id, cost, remaining_credits
    ), entries as (
      insert into ledger (user_id, delta, reason, request_id, idempotency_key, at)
      select user_id, -cost, 'charge', request_id, 'charge:' || request_id, ${now} from held
    )
    select request_id, remaining_credits from held`;
  const byRequest = new Map(rows.map((row) => [row.request_id, row.remaining_credits]));
  return charges.map((charge) => byRequest.get(charge.requestId));
}

export async function findHold(db: Db, requestId: string): Promise<HoldRow | undefined> {
  const [row] = await db<HoldRow[]>`select * from holds where request_id = ${requestId}`;
  return row;
}

export interface SettleInput {
  eventId: string;
  requestId: string;
}

export interface SettleResult {
  eventId: string;
  /** False when this event id was processed before. */
  fresh: boolean;
  /** True when the hold moved from held to the outcome. */
  applied: boolean;
  /** The hold's status before this event (undefined: no such hold). */
  priorStatus: HoldStatus | undefined;
}

export interface SettleRow {
  event_id: string;
  fresh: boolean;
  applied: boolean;
  prior_status: HoldStatus | null;
}

export function toSettleResult(row: SettleRow): SettleResult {
  return {
    eventId: row.event_id,
    fresh: row.fresh,
    applied: row.applied,
    priorStatus: row.prior_status ?? undefined,
  };
}

/**
 * The part every settlement starts from: the batch as rows, each hold's status and member before it, and the event
 * ids recorded now. A repeated event id records nothing, so the outcome's update (joined on `recorded`) settles nothing for it.
 */
export function settlementInput(db: Db, events: readonly SettleInput[], now: Date) {
  return db`
    input as (
      select * from unnest(${events.map((e) => e.eventId)}::text[], ${events.map((e) => e.requestId)}::uuid[])
        as input(event_id, request_id)
    ), prior as (
      select request_id, status, user_id from holds where request_id in (select request_id from input)
    ), recorded as (
      insert into processed_events (event_id, source, processed_at)
      select event_id, 'usage', ${now} from input
      on conflict (event_id) do nothing
      returning event_id
    )`;
}

/**
 * Takes what committed uses consumed from each member's parts: the plan part first, then purchased credits, oldest
 * purchase first (docs/product-rules.md#credit-packs). The balance itself moved when the hold was made; this only
 * says which part paid. Accounts are locked in user-id order (burn_credits_batch, migration 006).
 */
export async function burnCredits(
  tx: Db,
  burns: ReadonlyArray<{ userId: string; amount: number }>,
): Promise<void> {
  const real = burns.filter((burn) => burn.amount > 0);
  if (real.length === 0) return;
  await tx`
    select burn_credits_batch(${real.map((b) => b.userId)}::uuid[], ${real.map((b) => b.amount)}::int[])`;
}

/**
 * Releases a batch of holds and refunds the members' costs. Must run in a transaction. Event ids must be distinct
 * within the batch.
 */
export async function releaseHolds(
  tx: Db,
  events: readonly SettleInput[],
  now: Date,
): Promise<SettleResult[]> {
  const rows = await tx<(SettleRow & { request_id: string; user_id: string | null; cost: number | null })[]>`
    with ${settlementInput(tx, events, now)}, settled as (
      update holds set status = 'released', settled_at = ${now}
      from input join recorded using (event_id)
      where holds.request_id = input.request_id and holds.status = 'held'
      returning holds.request_id, holds.user_id, holds.cost
    )
    select input.event_id, input.request_id,
      input.event_id in (select event_id from recorded) as fresh,
      settled.request_id is not null as applied,
      prior.status as prior_status,
      settled.user_id, settled.cost
    from input left join prior using (request_id) left join settled using (request_id)`;
  await refundMembers(
    tx,
    rows
      .filter((row) => row.applied)
      .map((row) => ({ requestId: row.request_id, userId: row.user_id, cost: row.cost ?? 0 })),
    'refund',
    now,
  );
  return rows.map(toSettleResult);
}

/** A release for a request whose hold does not exist (yet): who would have paid, for what. */
export interface UnreservedRelease {
  requestId: string;
  tool: ToolId;
  /** A member whose account exists (callers open it first). */
  userId?: string;
  /** A guest's valid IP address. */
  visitorIp?: string;
}

/**
 * Leaves a `void` hold for each release whose reserve has not arrived, so the late reserve meets the primary key and
 * is refused: a call the tool service already gave up on must never be charged. Must run in a transaction. A reserve
 * that slipped in meanwhile (its hold committed after the release looked) makes the insert conflict; that hold is
 * released and refunded here instead. The primary key serialises the two, so one of these always happens.
 */
export async function voidUnreservedHolds(
  tx: Db,
  releases: readonly UnreservedRelease[],
  now: Date,
): Promise<void> {
  if (releases.length === 0) return;
  const voided = await tx<{ request_id: string }[]>`
    insert into holds (request_id, user_id, visitor_ip, guest_key, tool, cost, status, created_at, settled_at)
    select request_id, user_id, visitor_ip, case when visitor_ip is null then null else guest_key(visitor_ip) end,
      tool, 0, 'void', ${now}, ${now}
    from unnest(
      ${releases.map((r) => r.requestId)}::uuid[],
      ${releases.map((r) => r.userId ?? null)}::uuid[],
      ${releases.map((r) => r.visitorIp ?? null)}::text[],
      ${releases.map((r) => r.tool)}::text[]
    ) as release(request_id, user_id, visitor_ip, tool)
    on conflict (request_id) do nothing
    returning request_id`;
  const done = new Set(voided.map((row) => row.request_id));
  const raced = releases.filter((r) => !done.has(r.requestId)).map((r) => r.requestId);
  if (raced.length === 0) return;
  const released = await tx<{ request_id: string; user_id: string | null; cost: number }[]>`
    update holds set status = 'released', settled_at = ${now}
    where request_id = any(${raced}::uuid[]) and status = 'held'
    returning request_id, user_id, cost`;
  await refundMembers(
    tx,
    released.map((hold) => ({ requestId: hold.request_id, userId: hold.user_id, cost: hold.cost })),
    'refund',
    now,
  );
}

interface Refund {
  requestId: string;
  userId: string | null;
  cost: number;
}

/**
 * Gives members back the cost of settled holds, with one ledger row each ('refund:<request>', so a hold can never
 * be refunded twice). Accounts are locked in user-id order, so concurrent refunders never deadlock each other.
 */
async function refundMembers(
  tx: Db,
  holds: readonly Refund[],
  reason: 'refund' | 'expiry_refund',
  now: Date,
): Promise<void> {
  const refunds = holds.filter((hold) => hold.userId !== null && hold.cost > 0);
  if (refunds.length === 0) return;
  const totals = new Map<string, number>();
  for (const hold of refunds) totals.set(hold.userId!, (totals.get(hold.userId!) ?? 0) + hold.cost);
  const userIds = [...totals.keys()].sort();
  await tx`select user_id from accounts where user_id = any(${userIds}::uuid[]) order by user_id for update`;
  // A refund gives back this period's spending too, but only for holds taken in this period (the spending of
  // a period that has since reset is gone with it).
  await tx`
    with refund as (
      select refund.user_id, refund.total, coalesce(sum(h.cost) filter (where h.created_at >= a.last_credit_reset), 0)
        as in_period
      from unnest(${userIds}::uuid[], ${userIds.map((id) => totals.get(id)!)}::int[]) as refund(user_id, total)
      join accounts a on a.user_id = refund.user_id
      left join holds h on h.user_id = refund.user_id and h.request_id = any(${refunds.map((hold) => hold.requestId)}::uuid[])
      group by refund.user_id, refund.total
    )
    update accounts set credits = accounts.credits + refund.total,
      period_spent = greatest(accounts.period_spent - refund.in_period, 0), updated_at = ${now}
    from refund
    where accounts.user_id = refund.user_id`;
  await refundKeySpend(
    tx,
    refunds.map((hold) => hold.requestId),
  );
  await tx`
    insert into ledger (user_id, delta, reason, request_id, idempotency_key, at)
    select user_id, cost, ${reason}, request_id, 'refund:' || request_id, ${now}
    from unnest(
      ${refunds.map((hold) => hold.userId!)}::uuid[],
      ${refunds.map((hold) => hold.cost)}::int[],
      ${refunds.map((hold) => hold.requestId)}::uuid[]
    ) as refund(user_id, cost, request_id)`;
}

/**
 * Expires up to `limit` holds older than `cutoff` and refunds them. Must run in a transaction. SKIP LOCKED lets
 * several replicas sweep at once without waiting on each other, and skips holds a commit or release is settling
 * right now.
 */
export async function expireHolds(
  tx: Db,
  input: { cutoff: Date; now: Date; limit: number },
): Promise<number> {
  const expired = await tx<{ request_id: string; user_id: string | null; cost: number }[]>`
    with stale as (
      select request_id from holds
      where status = 'held' and created_at < ${input.cutoff}
      order by created_at
      limit ${input.limit}
      for update skip locked
    )
    update holds set status = 'expired', settled_at = ${input.now}
    from stale where holds.request_id = stale.request_id
    returning holds.request_id, holds.user_id, holds.cost`;
  await refundMembers(
    tx,
    expired.map((hold) => ({ requestId: hold.request_id, userId: hold.user_id, cost: hold.cost })),
    'expiry_refund',
    input.now,
  );
  return expired.length;
}

/** A held hold whose replica keeps a lease: who runs it, since when, and how long a silence may last. */
export interface LeasedHold {
  request_id: string;
  replica: string;
  lease_ms: number;
  created_at: Date;
}

/** Held holds with a lease that are older than their lease (only those can have lapsed). */
export async function findLeasedHolds(db: Db, now: Date, limit: number): Promise<LeasedHold[]> {
  return db<LeasedHold[]>`
    select request_id, replica, lease_ms, created_at from holds
    where status = 'held' and replica is not null
      and created_at < ${now} - make_interval(secs => lease_ms / 1000.0)
    order by created_at
    limit ${limit}`;
}

/**
 * Expires and refunds the given holds if they are still held, like expireHolds (a late success is still charged by
 * commitExpiredHolds). Must run in a transaction; holds a settlement is writing right now are skipped.
 */
export async function expireHoldsById(tx: Db, requestIds: readonly string[], now: Date): Promise<number> {
  if (requestIds.length === 0) return 0;
  const expired = await tx<{ request_id: string; user_id: string | null; cost: number }[]>`
    with lapsed as (
      select request_id from holds
      where request_id = any(${requestIds}::uuid[]) and status = 'held'
      for update skip locked
    )
    update holds set status = 'expired', settled_at = ${now}
    from lapsed where holds.request_id = lapsed.request_id
    returning holds.request_id, holds.user_id, holds.cost`;
  await refundMembers(
    tx,
    expired.map((hold) => ({ requestId: hold.request_id, userId: hold.user_id, cost: hold.cost })),
    'expiry_refund',
    now,
  );
  return expired.length;
}
