// Queries on purchased credit grants (migration 006): crediting a paid pack once per Paddle transaction, expiring
// what is left after 12 months, the member's split and purchases (refunds: pack-refunds.ts). Every balance
// change writes its ledger row in the same transaction, keyed so it can never be written twice.
import type { Db } from '@act/service-kit';

/** `refunding`: a refund is open (pack-refunds.ts); its credits already left the balance. */
export type GrantStatus = 'active' | 'refunding' | 'refunded' | 'expired';

export interface GrantRow {
  id: string;
  user_id: string;
  transaction_id: string;
  pack_id: string;
  credits: number;
  remaining: number;
  amount_minor: string;
  currency: string;
  status: GrantStatus;
  purchased_at: Date;
  expires_at: Date;
  settled_at: Date | null;
}

export interface InsertGrantInput {
  userId: string;
  transactionId: string;
  packId: string;
  credits: number;
  amountMinor: number;
  currency: string;
  purchasedAt: Date;
  expiresAt: Date;
  now: Date;
}

/**
 * Credits a paid pack on a LOCKED account: the grant, the balance and a 'top_up' ledger row. The grant's transaction
 * id is unique, so a second delivery of the same purchase (a replay, or `transaction.paid` after
 * `transaction.completed`) inserts nothing and changes nothing. Returns the grant, or undefined when it existed.
 */
export async function insertGrant(db: Db, input: InsertGrantInput): Promise<GrantRow | undefined> {
  const [grant] = await db<GrantRow[]>`
    insert into credit_grants (user_id, transaction_id, pack_id, credits, remaining, amount_minor, currency,
      purchased_at, expires_at)
    values (${input.userId}, ${input.transactionId}, ${input.packId}, ${input.credits}, ${input.credits},
      ${input.amountMinor}, ${input.currency}, ${input.purchasedAt}, ${input.expiresAt})
    on conflict (transaction_id) do nothing
    returning *`;
  if (!grant) return undefined;
  await db`update accounts set credits = credits + ${grant.credits}, updated_at = ${input.now}
           where user_id = ${input.userId}`;
  await db`
    insert into ledger (user_id, delta, reason, grant_id, idempotency_key, at)
    values (${input.userId}, ${grant.credits}, 'top_up', ${grant.id}, ${`top_up:${grant.transaction_id}`},
            ${input.now})`;
  return grant;
}

export async function findGrant(db: Db, userId: string, grantId: string): Promise<GrantRow | undefined> {
  const [row] = await db<GrantRow[]>`
    select * from credit_grants where id = ${grantId} and user_id = ${userId}`;
  return row;
}

export async function lockGrant(db: Db, userId: string, grantId: string): Promise<GrantRow | undefined> {
  const [row] = await db<GrantRow[]>`
    select * from credit_grants where id = ${grantId} and user_id = ${userId} for update`;
  return row;
}

/** The member's purchases, newest first. */
export async function listGrants(db: Db, userId: string, limit: number): Promise<GrantRow[]> {
  return db<GrantRow[]>`
    select * from credit_grants where user_id = ${userId}
    order by purchased_at desc, id desc
    limit ${limit}`;
}

/**
 * Expires up to `limit` grants past their date that still hold credits. Must run in a transaction. Each takes what
 * is left of it out of the balance, but never more than the balance holds: credits a use in flight has reserved stay
 * until that use settles (committed, it consumes them; released, the next run expires them). Accounts are locked in
 * user-id order and busy ones skipped. Returns how many grants were expired.
 */
export async function expireDueGrants(tx: Db, now: Date, limit: number): Promise<number> {
  const due = await tx<{ id: string; user_id: string }[]>`
    select g.id, g.user_id from credit_grants g
    where g.expires_at <= ${now} and g.remaining > 0
    order by g.user_id, g.purchased_at, g.id
    limit ${limit}`;
  let expired = 0;
  for (const userId of [...new Set(due.map((row) => row.user_id))]) {
    const locked = await tx`select user_id from accounts where user_id = ${userId} for update skip locked`;
    if (locked.length === 0) continue;
    for (const { id } of due.filter((row) => row.user_id === userId)) {
      const rows = await tx<{ taken: number }[]>`
        with grant_row as (
          select id, remaining from credit_grants where id = ${id} and remaining > 0 for update
        ), account as (
          select least(grant_row.remaining, accounts.credits) as taken
          from accounts, grant_row where accounts.user_id = ${userId}
        ), charged as (
          update accounts set credits = accounts.credits - account.taken, updated_at = ${now}
          from account where accounts.user_id = ${userId} and account.taken > 0
          returning account.taken
        ), settled as (
          update credit_grants set remaining = credit_grants.remaining - account.taken, status = 'expired',
            settled_at = coalesce(settled_at, ${now})
          from account, grant_row where credit_grants.id = grant_row.id
          returning credit_grants.remaining + account.taken as before
        )
        insert into ledger (user_id, delta, reason, grant_id, idempotency_key, at)
        select ${userId}, -charged.taken, 'top_up_expiry', ${id}::uuid,
          'top_up_expiry:' || ${id}::text || ':' || settled.before, ${now}
        from charged, settled
        returning -delta as taken`;
      // Nothing free to take (all of it reserved by uses in flight): it is marked expired all the same.
      if (rows.length === 0) {
        await tx`update credit_grants set status = 'expired', settled_at = coalesce(settled_at, ${now})
                 where id = ${id} and status = 'active'`;
      }
      expired += 1;
    }
  }
  return expired;
}

export interface CreditSplit {
  /** Plan credits spendable now. */
  plan: number;
  /** Purchased credits spendable now. */
  purchased: number;
}

/**
 * How the balance divides between plan and purchased credits, as the burn order will spend it: uses in flight are
 * counted against the plan part first, as they will be when they commit.
 */
export async function selectCreditSplit(db: Db, userId: string): Promise<CreditSplit | undefined> {
  const [row] = await db<{ credits: number; plan_credits: number; held: number }[]>`
    select credits, plan_credits,
      coalesce((select sum(cost) from holds where user_id = ${userId} and status = 'held'), 0)::int as held
    from accounts where user_id = ${userId}`;
  if (!row) return undefined;
  const plan = Math.min(row.credits, Math.max(0, row.plan_credits - row.held));
  return { plan, purchased: row.credits - plan };
}
