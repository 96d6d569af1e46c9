// The member's own credit controls (docs/charges.md#spend-cap-and-usage-notices, #redemption-codes): the monthly
// spending cap and the 80 % / 100 % usage notices raised when holds commit (redeeming a code: redemption.ts).
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
import { loadCurrentAccount } from './account-lifecycle';
import type { NoticeEvents } from './notice-events';

/** Each plan's monthly credits, which the usage notices' lines are shares of. */
export const PLAN_ALLOWANCES = PLANS.map((plan) => ({ plan: plan.id, credits: plan.monthlyCredits }));

/**
 * Raises the usage notices of the members of these committed holds, each with its `credits.notice.raised` event (for
 * the e-mail). In the commit's transaction, so a notice and its event exist exactly when the spending that crossed
 * the line is committed. Returns how many it raised.
 */
export async function raiseNotices(
  tx: CreditsTransaction,
  notices: NoticeEvents,
  requestIds: readonly string[],
  now: Date,
): Promise<number> {
  const raised = await tx.raiseUsageNotices(requestIds, PLAN_ALLOWANCES, now);
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
