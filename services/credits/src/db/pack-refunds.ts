// Queries of the pack refund state machine (migration 009, docs/charges.md#pack-refunds). Each runs in a short
// transaction of its own, never across a Paddle call: opening a refund takes the pack's credits out of the balance
// at once; finishing one marks it refunded; undoing one gives the credits back. A refund leaves `requested` once
// (every update below is conditional on it), so answers, webhooks and the reconciler may race and replay freely.
import type { Db } from '@act/service-kit';
import type { GrantRow } from './grants';

export type PackRefundStatus = 'requested' | 'refunded' | 'failed';

export interface PackRefundRow {
  id: string;
  grant_id: string;
  user_id: string;
  transaction_id: string;
  credits: number;
  status: PackRefundStatus;
  adjustment_id: string | null;
  requested_at: Date;
  checked_at: Date | null;
  settled_at: Date | null;
}

/**
 * Opens the refund of an unused grant on a LOCKED account and grant (the caller checked it is refundable and the
 * balance holds all of it): the grant turns `refunding` with nothing remaining and its credits leave the balance with
 * one 'top_up_refund' ledger row keyed by the refund.
 */
export async function openPackRefund(tx: Db, grant: GrantRow, now: Date): Promise<PackRefundRow> {
  const [refund] = await tx<PackRefundRow[]>`
    insert into pack_refunds (grant_id, user_id, transaction_id, credits, requested_at)
    values (${grant.id}, ${grant.user_id}, ${grant.transaction_id}, ${grant.remaining}, ${now})
    returning *`;
  await tx`update accounts set credits = credits - ${grant.remaining}, updated_at = ${now}
           where user_id = ${grant.user_id}`;
  await tx`update credit_grants set remaining = 0, status = 'refunding' where id = ${grant.id}`;
  await tx`
    insert into ledger (user_id, delta, reason, grant_id, idempotency_key, at)
    values (${grant.user_id}, ${-grant.remaining}, 'top_up_refund', ${grant.id}, ${`top_up_refund:${refund!.id}`},
            ${now})`;
  return refund!;
}

/** Moves an open refund to its outcome; undefined when it was settled already (a replay, a race with a webhook). */
async function settleRefund(
  tx: Db,
  refundId: string,
  status: 'refunded' | 'failed',
  adjustmentId: string | null,
  now: Date,
): Promise<PackRefundRow | undefined> {
  const [refund] = await tx<PackRefundRow[]>`
    update pack_refunds set status = ${status}, settled_at = ${now},
      adjustment_id = coalesce(${adjustmentId}, adjustment_id)
    where id = ${refundId} and status = 'requested'
    returning *`;
  return refund;
}

/** Paddle refunded it: the grant is refunded for good. False when it was settled already. */
export async function finishPackRefund(
  tx: Db,
  refundId: string,
  adjustmentId: string | null,
  now: Date,
): Promise<boolean> {
  const refund = await settleRefund(tx, refundId, 'refunded', adjustmentId, now);
  if (!refund) return false;
  await tx`update credit_grants set status = 'refunded', settled_at = ${now} where id = ${refund.grant_id}`;
  return true;
}

/**
 * Paddle refused it: the credits come back to the balance (one 'top_up_refund_undone' row) and the pack is active
 * again. The account is updated before the grant, the order every other writer locks them in. False when it was
 * settled already.
 */
export async function undoPackRefund(
  tx: Db,
  refundId: string,
  adjustmentId: string | null,
  now: Date,
): Promise<boolean> {
  const refund = await settleRefund(tx, refundId, 'failed', adjustmentId, now);
  if (!refund) return false;
  await tx`update accounts set credits = credits + ${refund.credits}, updated_at = ${now}
           where user_id = ${refund.user_id}`;
  await tx`update credit_grants set remaining = ${refund.credits}, status = 'active' where id = ${refund.grant_id}`;
  await tx`
    insert into ledger (user_id, delta, reason, grant_id, idempotency_key, at)
    values (${refund.user_id}, ${refund.credits}, 'top_up_refund_undone', ${refund.grant_id},
            ${`top_up_refund_undone:${refund.id}`}, ${now})`;
  return true;
}

/** Paddle's adjustment for an open refund, once its answer or a webhook names it. */
export async function recordRefundAdjustment(db: Db, refundId: string, adjustmentId: string): Promise<void> {
  await db`update pack_refunds set adjustment_id = ${adjustmentId} where id = ${refundId} and status = 'requested'`;
}

/** The open refund of a Paddle transaction, if any. */
export async function findOpenRefund(db: Db, transactionId: string): Promise<PackRefundRow | undefined> {
  const [row] = await db<PackRefundRow[]>`
    select * from pack_refunds where transaction_id = ${transactionId} and status = 'requested'`;
  return row;
}

/** Adjustments already settled as refused for this transaction: an older attempt's, never this one's answer. */
export async function listRefusedAdjustments(db: Db, transactionId: string): Promise<string[]> {
  const rows = await db<{ adjustment_id: string }[]>`
    select adjustment_id from pack_refunds
    where transaction_id = ${transactionId} and status = 'failed' and adjustment_id is not null`;
  return rows.map((row) => row.adjustment_id);
}

/**
 * Claims up to `limit` refunds requested before `before` and not checked since `before` (one statement, so replicas
 * never take the same one): the reconciler asks Paddle about each outside any transaction.
 */
export async function claimStaleRefunds(
  db: Db,
  before: Date,
  now: Date,
  limit: number,
): Promise<PackRefundRow[]> {
  return db<PackRefundRow[]>`
    update pack_refunds set checked_at = ${now}
    where id in (
      select id from pack_refunds
      where status = 'requested' and requested_at <= ${before} and (checked_at is null or checked_at <= ${before})
      order by requested_at
      limit ${limit}
      for update skip locked)
    returning *`;
}
