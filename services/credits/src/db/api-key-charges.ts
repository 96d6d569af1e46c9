// Charges made with a personal API key (docs/architecture.md#personal-api-keys): the one-statement member charge with
// the key's monthly limit tested inside it, the key's spend given back with a refund, and what each key spent.
import type { ApiKeyCharge } from '@act/contracts';
import type { Db } from '@act/service-kit';
import type { ChargeInput } from './holds';

export interface KeyChargeInput extends ChargeInput {
  apiKey: ApiKeyCharge;
}

/** Makes sure the key has its spend row (the charge locks it), once per key; the account must exist. */
export async function ensureKeySpendRow(db: Db, input: KeyChargeInput): Promise<void> {
  await db`
    insert into api_key_spend (key_id, user_id)
    select ${input.apiKey.id}, user_id from accounts where user_id = ${input.userId}
    on conflict (key_id) do nothing`;
}

/**
 * Charges a member for a call made with a key, in ONE statement: the account's row is locked first (as every refund
 * does before it touches a key's spend, so the two never deadlock), then the key's spend row; the conditional
 * UPDATE takes the credits only when chargeMember's conditions hold AND this period's spend of the key plus the
 * cost stays within the key's limit; the key's spend, the hold (naming the key) and the ledger row follow from its
 * result. Both rows are read after their locks, so concurrent calls of one key queue and each sees the spend the one
 * before left: they can never pass the limit together. Undefined when nothing was charged (or the key has no spend
 * row yet: ensureKeySpendRow).
 */
export async function chargeMemberWithKey(db: Db, input: KeyChargeInput): Promise<number | undefined> {
  const { apiKey } = input;
  const rows = await db<{ remaining_credits: number }[]>`
    with locked as (
      select user_id from accounts where user_id = ${input.userId} for update
    ), key_spend as (
      select s.spent, s.period_start from api_key_spend s join locked using (user_id)
      where s.key_id = ${apiKey.id}
      for update of s
    ), charged as (
      -- The key's spend counts only when it is of this period (the account row, fresh under its lock, says which).
      update accounts set credits = credits - ${input.cost}, period_spent = period_spent + ${input.cost},
        updated_at = ${input.now}
      from key_spend
      where user_id = ${input.userId}
        and credits >= ${input.cost}
        and (monthly_cap is null or period_spent + ${input.cost} <= monthly_cap)
        and next_credit_reset > ${input.now}
        and (scheduled_change_at is null or scheduled_change_at > ${input.now})
        and (${apiKey.monthlyCreditLimit}::int is null
          or (case when key_spend.period_start = last_credit_reset then key_spend.spent else 0 end) + ${input.cost}
            <= ${apiKey.monthlyCreditLimit}::int)
      returning credits, last_credit_reset,
        case when key_spend.period_start = last_credit_reset then key_spend.spent else 0 end as key_spent
    ), spent as (
      update api_key_spend set spent = charged.key_spent + ${input.cost}, period_start = charged.last_credit_reset
      from charged where key_id = ${apiKey.id}
    ), held as (
      insert into holds (request_id, user_id, tool, cost, status, remaining_credits, created_at, replica, lease_ms,
        api_key_id, api_key_name)
      select ${input.requestId}, ${input.userId}, ${input.tool}, ${input.cost}, 'held', credits, ${input.now},
        ${input.lease?.replica ?? null}, ${input.lease?.ms ?? null}, ${apiKey.id}, ${apiKey.name}
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

/** What the key spent in its member's current period (0 when nothing, or only in an earlier period). */
export async function keySpentThisPeriod(db: Db, userId: string, keyId: string): Promise<number> {
  const [row] = await db<{ spent: number }[]>`
    select s.spent from api_key_spend s join accounts a using (user_id)
    where s.key_id = ${keyId} and s.user_id = ${userId} and s.period_start = a.last_credit_reset`;
  return row?.spent ?? 0;
}

/** Every key of the member that spent something in the current period. */
export async function keysSpentThisPeriod(
  db: Db,
  userId: string,
): Promise<Array<{ key_id: string; spent: number }>> {
  return db<Array<{ key_id: string; spent: number }>>`
    select s.key_id, s.spent from api_key_spend s join accounts a using (user_id)
    where s.user_id = ${userId} and s.period_start = a.last_credit_reset and s.spent > 0
    order by s.key_id`;
}

/**
 * Counts again, for their keys, holds of this period that are charged after their expiry refund (a late success):
 * the use was made, so it counts toward the key's month as it does toward the spending cap. Runs after the caller
 * locked the accounts.
 */
export async function restoreKeySpend(db: Db, requestIds: readonly string[]): Promise<void> {
  await addToKeySpend(db, requestIds, 1);
}

/**
 * Gives the keys back what refunded holds took in this period (a refund of a use from an earlier period changes
 * nothing: that spend is gone with its period). Runs in the refund's transaction, after it locked the accounts.
 */
export async function refundKeySpend(db: Db, requestIds: readonly string[]): Promise<void> {
  await addToKeySpend(db, requestIds, -1);
}

async function addToKeySpend(db: Db, requestIds: readonly string[], sign: 1 | -1): Promise<void> {
  if (requestIds.length === 0) return;
  await db`
    with back as (
      select h.api_key_id as key_id, sum(h.cost)::int as amount
      from holds h join accounts a on a.user_id = h.user_id
      where h.request_id = any(${requestIds}::uuid[]) and h.api_key_id is not null
        and h.created_at >= a.last_credit_reset
      group by h.api_key_id
    )
    update api_key_spend s set spent = greatest(s.spent + ${sign} * back.amount, 0)
    from back, accounts a
    where s.key_id = back.key_id and a.user_id = s.user_id and s.period_start = a.last_credit_reset`;
}
