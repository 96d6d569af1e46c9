// Queries of the credit controls and the support console: the spending cap, usage notices, member e-mails,
// redemption codes, support adjustments and their audit. Balance changes write their ledger row in the same
// transaction ('redeem:<code>:<user>', 'support:<action>'), so balance = Σ ledger holds and none applies twice.
import type { Db } from '@act/service-kit';

export interface SpendCapRow {
  monthly_cap: number | null;
  period_spent: number;
}

/** Sets (or clears, null) the member's cap; undefined when the account does not exist. */
export async function setSpendCap(
  db: Db,
  userId: string,
  cap: number | null,
  now: Date,
): Promise<SpendCapRow | undefined> {
  const [row] = await db<SpendCapRow[]>`
    update accounts set monthly_cap = ${cap}, updated_at = ${now} where user_id = ${userId}
    returning monthly_cap, period_spent`;
  return row;
}

export interface PlanAllowance {
  plan: string;
  credits: number;
}

export interface RaisedNotice {
  id: string;
  user_id: string;
  threshold: 80 | 100;
  period_start: Date;
  /** The plan's monthly allowance and what this period had spent when the notice was raised. */
  allowance: number;
  spent: number;
}

/**
 * Raises the 80 % and 100 % notices of the members whose holds were just committed, where this period's spending
 * reached the threshold of their plan's monthly allowance. The unique key (member, threshold, period) makes each one
 * once per period: a second commit past the same line inserts nothing. Returns the notices it raised.
 */
export async function raiseUsageNotices(
  db: Db,
  requestIds: readonly string[],
  allowances: readonly PlanAllowance[],
  now: Date,
): Promise<RaisedNotice[]> {
  if (requestIds.length === 0) return [];
  return db<RaisedNotice[]>`
    with members as (
      select distinct user_id from holds where request_id = any(${requestIds}::uuid[]) and user_id is not null
    ), allowance as (
      select * from unnest(${allowances.map((a) => a.plan)}::text[], ${allowances.map((a) => a.credits)}::int[])
        as allowance(plan, credits)
    )
    , raised as (
      insert into credit_notices (user_id, threshold, period_start, balance_at, created_at)
      select a.user_id, t.threshold, a.last_credit_reset, a.credits, ${now}
      from accounts a
      join members using (user_id)
      join allowance on allowance.plan = a.plan
      cross join (values (80), (100)) as t(threshold)
      where allowance.credits > 0 and a.period_spent * 100 >= t.threshold * allowance.credits
      on conflict (user_id, threshold, period_start) do nothing
      returning id, user_id, threshold, period_start
    )
    select r.id::text as id, r.user_id, r.threshold, r.period_start, allowance.credits as allowance,
      a.period_spent as spent
    from raised r join accounts a using (user_id) join allowance on allowance.plan = a.plan
    order by r.user_id, r.threshold`;
}

export interface NoticeRow {
  id: string;
  threshold: 80 | 100;
  created_at: Date;
}

/**
 * The member's notices to show: this period's, not dismissed, and the balance not lifted above what it was when the
 * notice was raised (a top-up, grant or redeemed code clears it; a reset starts a new period).
 */
export async function listActiveNotices(db: Db, userId: string): Promise<NoticeRow[]> {
  return db<NoticeRow[]>`
    select n.id::text as id, n.threshold, n.created_at
    from credit_notices n join accounts a using (user_id)
    where n.user_id = ${userId} and n.period_start = a.last_credit_reset and n.dismissed_at is null
      and a.credits <= n.balance_at
    order by n.threshold desc`;
}

/** Dismisses the member's own notice; false when there is no such notice of theirs. */
export async function dismissNotice(db: Db, userId: string, noticeId: string, now: Date): Promise<boolean> {
  const rows = await db`
    update credit_notices set dismissed_at = coalesce(dismissed_at, ${now})
    where id = ${noticeId} and user_id = ${userId}
    returning id`;
  return rows.length > 0;
}

/** Keeps identity's e-mail for the member (written only when new or changed). */
export async function recordMemberEmail(db: Db, userId: string, email: string, now: Date): Promise<void> {
  await db`
    insert into member_emails (user_id, email, updated_at) values (${userId}, ${email.toLowerCase()}, ${now})
    on conflict (user_id) do update set email = excluded.email, updated_at = excluded.updated_at
      where member_emails.email <> excluded.email`;
}

export async function findMemberByEmail(
  db: Db,
  email: string,
): Promise<{ user_id: string; email: string } | undefined> {
  const [row] = await db<{ user_id: string; email: string }[]>`
    select user_id, email from member_emails where email = ${email.toLowerCase()}
    order by updated_at desc limit 1`;
  return row;
}

export interface CodeRow {
  code: string;
  credits: number;
  max_uses: number;
  uses: number;
  expires_at: Date;
}

/** The code, its row locked for the caller's transaction: its uses cannot change until the redemption ends. */
export async function lockCode(db: Db, code: string): Promise<CodeRow | undefined> {
  const [row] = await db<CodeRow[]>`
    select code, credits, max_uses, uses, expires_at from redemption_codes where code = ${code} for update`;
  return row;
}

/** Whether the member redeemed this code before. */
export async function hasRedeemed(db: Db, code: string, userId: string): Promise<boolean> {
  const rows = await db`select 1 from redemptions where code = ${code} and user_id = ${userId}`;
  return rows.length > 0;
}

/** Records the member's redemption; false when they redeemed this code before (the primary key decides races). */
export async function insertRedemption(db: Db, code: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db`
    insert into redemptions (code, user_id, at) values (${code}, ${userId}, ${now})
    on conflict (code, user_id) do nothing
    returning code`;
  return rows.length > 0;
}

/**
 * Takes one use of the code under its row lock, only while uses remain and it has not expired. Concurrent
 * redeemers queue on the row and each re-checks `uses < max_uses` on the latest version, so the last use goes once.
 */
export async function takeCodeUse(db: Db, code: string, now: Date): Promise<number | undefined> {
  const [row] = await db<{ credits: number }[]>`
    update redemption_codes set uses = uses + 1
    where code = ${code} and uses < max_uses and expires_at > ${now}
    returning credits`;
  return row?.credits;
}

export interface CreditInput {
  userId: string;
  /** Positive adds, negative takes away (never below zero: then nothing changes). */
  delta: number;
  reason: 'support' | 'redeem';
  idempotencyKey: string;
  now: Date;
}

/**
 * Adds `delta` to the balance with its ledger row, in one statement. Undefined when the account is missing or a
 * negative delta would take the balance below zero. A repeated idempotency key fails the ledger's unique index and
 * with it the whole statement, so nothing is applied twice.
 *
 * The balance's parts (docs/charges.md#which-credits-pay-plan-first-then-purchases) move with it: credits given
 * join the plan part, and go at the monthly reset like the rest of the month's allowance; credits taken back come
 * from the parts as a use does (burn_credits: the plan part first, then purchases oldest first). Called inside a
 * transaction.
 */
export async function creditAccount(db: Db, input: CreditInput): Promise<number | undefined> {
  const [row] = await db<{ credits: number }[]>`
    with changed as (
      update accounts
      set credits = credits + ${input.delta}, plan_credits = plan_credits + ${Math.max(input.delta, 0)},
          updated_at = ${input.now}
      where user_id = ${input.userId} and credits + ${input.delta} >= 0
      returning user_id, credits
    ), entry as (
      insert into ledger (user_id, delta, reason, idempotency_key, at)
      select user_id, ${input.delta}, ${input.reason}, ${input.idempotencyKey}, ${input.now} from changed
    )
    select credits from changed`;
  if (row && input.delta < 0) await db`select burn_credits(${input.userId}, ${-input.delta})`;
  return row?.credits;
}

export interface NewCode {
  code: string;
  credits: number;
  maxUses: number;
  expiresAt: Date;
  createdBy: string;
  now: Date;
}

/** Creates the code; false when a code with this text exists. */
export async function insertCode(db: Db, input: NewCode): Promise<boolean> {
  const rows = await db`
    insert into redemption_codes (code, credits, max_uses, expires_at, created_by, created_at)
    values (${input.code}, ${input.credits}, ${input.maxUses}, ${input.expiresAt}, ${input.createdBy}, ${input.now})
    on conflict (code) do nothing
    returning code`;
  return rows.length > 0;
}

export interface SupportActionInput {
  id: string;
  actorId: string;
  actorEmail: string;
  action: 'grant' | 'claw_back' | 'create_code';
  userId: string | null;
  credits: number;
  code: string | null;
  reason: string;
  now: Date;
}

/** Writes the audit row; false when an action with this id was recorded before (a retried request). */
export async function insertSupportAction(db: Db, input: SupportActionInput): Promise<boolean> {
  const rows = await db`
    insert into support_actions (id, actor_id, actor_email, action, user_id, credits, code, reason, at)
    values (${input.id}, ${input.actorId}, ${input.actorEmail}, ${input.action}, ${input.userId}, ${input.credits},
      ${input.code}, ${input.reason}, ${input.now})
    on conflict (id) do nothing
    returning id`;
  return rows.length > 0;
}

export interface MemberLedgerRow {
  id: string;
  reason: string;
  delta: number;
  at: Date;
  note: string | null;
}

/** The member's latest ledger rows; support rows carry who did it and why. */
export async function selectMemberLedger(db: Db, userId: string, limit: number): Promise<MemberLedgerRow[]> {
  return db<MemberLedgerRow[]>`
    select l.id::text as id, l.reason, l.delta, l.at,
      case when s.id is null then null else s.actor_email || ': ' || s.reason end as note
    from ledger l left join support_actions s on l.idempotency_key = 'support:' || s.id::text
    where l.user_id = ${userId}
    order by l.id desc
    limit ${limit}`;
}

export interface FailureRow {
  request_id: string;
  tool: string;
  cost: number;
  status: 'released' | 'expired';
  created_at: Date;
}

/** The member's latest tool uses that failed and were refunded. */
export async function selectRecentFailures(db: Db, userId: string, limit: number): Promise<FailureRow[]> {
  return db<FailureRow[]>`
    select request_id, tool, cost, status, created_at from holds
    where user_id = ${userId} and status in ('released', 'expired')
    order by created_at desc
    limit ${limit}`;
}
