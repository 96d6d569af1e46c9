// Queries on accounts: opening one (with its grant in the ledger), reading and locking it, and rewriting the
// balance for resets and plan changes, always with the matching ledger row.
import type { PlanId } from '@act/contracts';
import type { Db } from '@act/service-kit';

export type ScheduledAction = 'downgrade' | 'cancel';

export interface AccountRow {
  user_id: string;
  plan: PlanId;
  /** The spendable balance: plan part + purchased part − holds in flight (= Σ ledger). */
  credits: number;
  /** The plan's allowance not yet consumed by committed uses (migration 006). */
  plan_credits: number;
  last_credit_reset: Date;
  next_credit_reset: Date;
  subscription_id: string | null;
  subscription_status: string | null;
  scheduled_plan: PlanId | null;
  scheduled_action: ScheduledAction | null;
  scheduled_change_at: Date | null;
  billing_event_at: Date | null;
  /** The member's monthly spending cap in credits (null: none). */
  monthly_cap: number | null;
  /** Credits charged (net of refunds) since last_credit_reset; the cap is tested against it. */
  period_spent: number;
  created_at: Date;
  updated_at: Date;
}

export interface OpenAccountInput {
  userId: string;
  credits: number;
  at: Date;
  nextReset: Date;
  createdAt?: Date;
}

/** Creates the account with the free plan and its opening grant; a no-op when it exists. Returns true if created. */
export async function openAccount(db: Db, input: OpenAccountInput): Promise<boolean> {
  const rows = await db<{ user_id: string }[]>`
    with opened as (
      insert into accounts (user_id, plan, credits, plan_credits, last_credit_reset, next_credit_reset, created_at,
        updated_at)
      values (${input.userId}, 'free', ${input.credits}, ${input.credits}, ${input.at}, ${input.nextReset},
              ${input.createdAt ?? input.at}, ${input.at})
      on conflict (user_id) do nothing
      returning user_id, credits
    ), granted as (
      insert into ledger (user_id, delta, reason, idempotency_key, at)
      select user_id, credits, 'grant', 'grant:' || user_id, ${input.at} from opened
    )
    select user_id from opened`;
  return rows.length > 0;
}

export async function findAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db<AccountRow[]>`select * from accounts where user_id = ${userId}`;
  return row;
}

export async function lockAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db<AccountRow[]>`select * from accounts where user_id = ${userId} for update`;
  return row;
}

export async function findAccountBySubscription(
  db: Db,
  subscriptionId: string,
): Promise<AccountRow | undefined> {
  const [row] = await db<AccountRow[]>`select * from accounts where subscription_id = ${subscriptionId}`;
  return row;
}

export interface SetAllowanceInput {
  account: AccountRow;
  plan: PlanId;
  /** The plan's allowance: the new plan part (purchased credits are kept). */
  credits: number;
  /** Start of the new monthly cycle. */
  cycleStart: Date;
  nextReset: Date;
  reason: 'monthly_reset' | 'plan_change';
  idempotencyKey: string;
  now: Date;
  /** Clears the schedule (it has just been applied or replaced by an immediate change). */
  clearSchedule: boolean;
  /** Ends the subscription link (a cancellation that took effect). */
  endSubscription: boolean;
}

/**
 * Sets plan and plan part on a LOCKED account and writes the difference to the ledger (negative when unused plan
 * credits lapse: allowances never carry over). Only the plan part is reset: purchased credits stay
 * (docs/product-rules.md#credit-packs). Holds still in flight were paid from the cycle that ends, so the new cycle
 * gets its whole allowance: the balance becomes allowance + purchased, and the plan part allowance + held (what
 * those holds will consume when they commit).
 */
export async function setAllowance(db: Db, input: SetAllowanceInput): Promise<AccountRow> {
  const userId = input.account.user_id;
  const [row] = await db<AccountRow[]>`
    with parts as (
      select
        coalesce((select sum(remaining) from credit_grants where user_id = ${userId}), 0)::int as purchased,
        coalesce((select sum(cost) from holds where user_id = ${userId} and status = 'held'), 0)::int as held
    )
    update accounts set
      plan = ${input.plan},
      credits = ${input.credits} + parts.purchased,
      plan_credits = ${input.credits} + parts.held,
      last_credit_reset = ${input.cycleStart},
      next_credit_reset = ${input.nextReset},
      period_spent = 0,
      scheduled_plan = case when ${input.clearSchedule} then null else scheduled_plan end,
      scheduled_action = case when ${input.clearSchedule} then null else scheduled_action end,
      scheduled_change_at = case when ${input.clearSchedule} then null else scheduled_change_at end,
      subscription_id = case when ${input.endSubscription} then null else subscription_id end,
      subscription_status = case when ${input.endSubscription} then 'canceled' else subscription_status end,
      updated_at = ${input.now}
    from parts
    where user_id = ${userId}
    returning accounts.*`;
  await db`
    insert into ledger (user_id, delta, reason, idempotency_key, at)
    values (${userId}, ${row!.credits - input.account.credits}, ${input.reason}, ${input.idempotencyKey},
            ${input.now})`;
  return row!;
}

export interface SubscriptionLinkInput {
  userId: string;
  subscriptionId: string | null;
  status: string | null;
  schedule: { plan: PlanId; action: ScheduledAction; at: Date } | null;
  billingEventAt: Date | null;
  now: Date;
}

/** Records the subscription, its status and any pending change on a LOCKED account (no balance change). */
export async function updateSubscriptionLink(db: Db, input: SubscriptionLinkInput): Promise<AccountRow> {
  const [row] = await db<AccountRow[]>`
    update accounts set
      subscription_id = ${input.subscriptionId},
      subscription_status = ${input.status},
      scheduled_plan = ${input.schedule?.plan ?? null},
      scheduled_action = ${input.schedule?.action ?? null},
      scheduled_change_at = ${input.schedule?.at ?? null},
      billing_event_at = coalesce(${input.billingEventAt}, billing_event_at),
      updated_at = ${input.now}
    where user_id = ${input.userId}
    returning *`;
  return row!;
}

/** Accounts with a monthly reset or scheduled plan change due, locked for this job (others skip them). */
export async function lockDueAccounts(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db<{ user_id: string }[]>`
    select user_id from accounts
    where next_credit_reset <= ${now} or scheduled_change_at <= ${now}
    order by user_id
    limit ${limit}
    for update skip locked`;
  return rows.map((row) => row.user_id);
}
