// The member's own credit controls (docs/charges.md#spend-cap-and-usage-notices, #redemption-codes): the monthly
// spending cap, the 80 % / 100 % usage notices raised when holds commit, and redeeming a code support created.
import {
  CREDIT_CONTROLS_TEXTS,
  ERROR_TEXTS,
  ErrorCode,
  PLANS,
  type CreditNotice,
  type SpendCap,
} from '@act/contracts';
import { AppError } from '@act/service-kit';
import type { CreditsStore, CreditsTransaction } from '../db/credits-store';
import type { SettleInput, SettleResult } from '../db/holds';
import { applyDueChanges, ensureAccount, loadCurrentAccount } from './account-lifecycle';
import type { NoticeEvents } from './notice-events';

const ALLOWANCES = PLANS.map((plan) => ({ plan: plan.id, credits: plan.monthlyCredits }));

/**
 * Raises the usage notices of the members whose holds this commit applied, each with its `credits.notice.raised`
 * event (for the e-mail). In the commit's transaction, so a notice and its event exist exactly when the spending that
 * crossed the line is committed. Returns how many it raised.
 */
export async function raiseNotices(
  tx: CreditsTransaction,
  notices: NoticeEvents,
  events: readonly SettleInput[],
  results: readonly SettleResult[],
  now: Date,
): Promise<number> {
  const applied = new Set(results.filter((result) => result.applied).map((result) => result.eventId));
  const requestIds = events.filter((event) => applied.has(event.eventId)).map((event) => event.requestId);
  const raised = await tx.raiseUsageNotices(requestIds, ALLOWANCES, now);
  await notices.record(tx, raised);
  return raised.length;
}

export async function readSpendCap(store: CreditsStore, userId: string, now: Date): Promise<SpendCap> {
  const account = await loadCurrentAccount(store, userId, now);
  return { monthlyCap: account.monthly_cap, spentThisPeriod: account.period_spent };
}

export async function changeSpendCap(
  store: CreditsStore,
  userId: string,
  cap: number | null,
  now: Date,
): Promise<SpendCap> {
  await loadCurrentAccount(store, userId, now);
  const row = await store.setSpendCap(userId, cap, now);
  return { monthlyCap: row!.monthly_cap, spentThisPeriod: row!.period_spent };
}

export async function listNotices(store: CreditsStore, userId: string, now: Date): Promise<CreditNotice[]> {
  // Brought up to date first: a reset that fell due clears last period's notices.
  await loadCurrentAccount(store, userId, now);
  const rows = await store.listActiveNotices(userId);
  return rows.map((row) => ({
    id: row.id,
    threshold: row.threshold,
    text: CREDIT_CONTROLS_TEXTS.notice[row.threshold],
    at: row.created_at.toISOString(),
  }));
}

export async function dismissMemberNotice(
  store: CreditsStore,
  userId: string,
  noticeId: string,
  now: Date,
): Promise<void> {
  if (!(await store.dismissNotice(userId, noticeId, now))) {
    throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
  }
}

const R = CREDIT_CONTROLS_TEXTS.redeem;

/**
 * Redeems a code for the member: once per member (the redemptions primary key), at most max_uses times in all (the
 * code's row lock), never after it expires; the credits and their ledger row ('redeem') commit with the use.
 */
export async function redeemCode(
  store: CreditsStore,
  userId: string,
  code: string,
  now: Date,
): Promise<{ credits: number; balance: number }> {
  const found = await store.findCode(code);
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, R.invalid);
  if (found.expires_at <= now) throw new AppError(ErrorCode.CONFLICT, R.expired);
  return store.transaction(async (tx) => {
    await ensureAccount(tx, userId, now);
    if (!(await tx.insertRedemption(code, userId, now)))
      throw new AppError(ErrorCode.CONFLICT, R.alreadyRedeemed);
    const credits = await tx.takeCodeUse(code, now);
    // Unexpired a moment ago, so no use was left. Throwing rolls the redemption row back with the rest.
    if (credits === undefined) throw new AppError(ErrorCode.CONFLICT, R.usedUp);
    // A reset that is due happens first, so it cannot swallow the redeemed credits a moment later.
    await applyDueChanges(tx, userId, now);
    const balance = await tx.creditAccount({
      userId,
      delta: credits,
      reason: 'redeem',
      idempotencyKey: `redeem:${code}:${userId}`,
      now,
    });
    return { credits, balance: balance! };
  });
}
