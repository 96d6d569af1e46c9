// Opening accounts and applying what falls due on them: a scheduled downgrade or cancellation at the end of the paid
// period, and the monthly reset to the plan's allowance (no carry-over), each once per account and month.
import { getPlan } from '@act/contracts';
import type { AccountRow } from '../db/accounts';
import type { CreditsQueries, CreditsStore, CreditsTransaction } from '../db/credits-store';

/** New accounts start on the free plan (docs/product-rules.md#entities, #costs-and-limits). */
export const NEW_ACCOUNT_PLAN = 'free' as const;

/** `date` plus whole calendar months in UTC; the day is clamped to the target month (Jan 31 + 1 → Feb 28/29). */
export function addMonthsUtc(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** The last monthly anniversary of `start` that is not after `now` (start itself when a month has not passed). */
export function latestAnniversary(start: Date, now: Date): Date {
  let months =
    (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + (now.getUTCMonth() - start.getUTCMonth());
  while (months > 0 && addMonthsUtc(start, months) > now) months -= 1;
  return months > 0 ? addMonthsUtc(start, months) : start;
}

/** Opens the account when missing (free plan, 50 credits, grant in the ledger); idempotent under concurrency. */
export async function ensureAccount(
  store: CreditsQueries,
  userId: string,
  now: Date,
  createdAt?: Date,
): Promise<boolean> {
  return store.openAccount({
    userId,
    credits: getPlan(NEW_ACCOUNT_PLAN).monthlyCredits,
    at: now,
    nextReset: addMonthsUtc(now, 1),
    createdAt,
  });
}

export function hasDueChanges(account: AccountRow, now: Date): boolean {
  return (
    account.next_credit_reset <= now ||
    (account.scheduled_change_at !== null && account.scheduled_change_at <= now)
  );
}

/**
 * Locks the account and applies the scheduled plan change and the monthly reset when due. Must run inside a
 * transaction; the row lock plus the "is it due" re-check make a second concurrent caller a no-op.
 */
export async function applyDueChanges(
  tx: CreditsTransaction,
  userId: string,
  now: Date,
): Promise<AccountRow | undefined> {
  let account = await tx.lockAccount(userId);
  if (!account) return undefined;

  if (account.scheduled_plan && account.scheduled_change_at && account.scheduled_change_at <= now) {
    // The paid period ended: the lower plan starts, with its allowance and a fresh monthly cycle from that moment.
    const at = account.scheduled_change_at;
    const plan = account.scheduled_plan;
    account = await tx.setAllowance({
      account,
      plan,
      credits: getPlan(plan).monthlyCredits,
      cycleStart: at,
      nextReset: addMonthsUtc(at, 1),
      reason: 'plan_change',
      idempotencyKey: `plan:${userId}:${at.toISOString()}`,
      now,
      clearSchedule: true,
      endSubscription: account.scheduled_action === 'cancel',
    });
  }

  if (account.next_credit_reset <= now) {
    // One reset however many months were missed: the balance becomes the allowance, it never accumulates.
    const cycleStart = latestAnniversary(account.last_credit_reset, now);
    account = await tx.setAllowance({
      account,
      plan: account.plan,
      credits: getPlan(account.plan).monthlyCredits,
      cycleStart,
      nextReset: addMonthsUtc(cycleStart, 1),
      reason: 'monthly_reset',
      idempotencyKey: `reset:${userId}:${cycleStart.toISOString()}`,
      now,
      clearSchedule: false,
      endSubscription: false,
    });
  }
  return account;
}

/** The member's account, opened if missing and brought up to date (used by reads such as GET /me). */
export async function loadCurrentAccount(
  store: CreditsStore,
  userId: string,
  now: Date,
): Promise<AccountRow> {
  const existing = await store.findAccount(userId);
  if (existing && !hasDueChanges(existing, now)) return existing;
  return store.transaction(async (tx) => {
    await ensureAccount(tx, userId, now);
    const account = await applyDueChanges(tx, userId, now);
    return account!;
  });
}
