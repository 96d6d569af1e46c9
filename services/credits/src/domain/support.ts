// The support console (docs/security.md#support-role): find a member by e-mail and see their plan, balance, ledger
// and recent failures; grant or claw back credits; create redemption codes. Every action writes its audit row
// (who, when, why) in the same transaction as what it does, and a balance change shows in the member's ledger as
// 'support'. Callers are checked for the role before any of this runs (mountEndpoint and the gateway).
import {
  CREDIT_CONTROLS_TEXTS,
  ErrorCode,
  getPlan,
  type CreateCodeRequest,
  type SupportAdjustmentRequest,
  type SupportMember,
} from '@act/contracts';
import { AppError, type AuthUser } from '@act/service-kit';
import type { CreditsStore } from '../db/credits-store';
import { applyDueChanges, loadCurrentAccount } from './account-lifecycle';
import { ledgerKindOf } from './ledger';
import { makeRedemptionCode } from './redemption';

const S = CREDIT_CONTROLS_TEXTS.support;
const LEDGER_ROWS = 50;
const FAILURE_ROWS = 20;

export async function findSupportMember(
  store: CreditsStore,
  email: string,
  now: Date,
): Promise<SupportMember> {
  const found = await store.findMemberByEmail(email);
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, S.notFound);
  const account = await loadCurrentAccount(store, found.user_id, now);
  // Read after the account, as the member's own /me does.
  const [split, ledger, failures] = await Promise.all([
    store.creditSplit(found.user_id),
    store.selectMemberLedger(found.user_id, LEDGER_ROWS),
    store.selectRecentFailures(found.user_id, FAILURE_ROWS),
  ]);
  return {
    userId: found.user_id,
    email: found.email,
    plan: account.plan,
    balance: account.credits,
    planCredits: split?.plan ?? account.credits,
    purchasedCredits: split?.purchased ?? 0,
    monthlyAllowance: getPlan(account.plan).monthlyCredits,
    spentThisPeriod: account.period_spent,
    monthlyCap: account.monthly_cap,
    lastCreditReset: account.last_credit_reset.toISOString(),
    ledger: ledger.map((row) => ({
      id: row.id,
      kind: ledgerKindOf(row.reason),
      delta: row.delta,
      at: row.at.toISOString(),
      note: row.note,
    })),
    failures: failures.map((row) => ({
      requestId: row.request_id,
      tool: row.tool,
      cost: row.cost,
      status: row.status,
      at: row.created_at.toISOString(),
    })),
  };
}

/**
 * Grants or claws back credits with a required reason. The action id makes a retry a no-op (the audit row's primary
 * key, and the ledger's 'support:<id>' key behind it). A claw-back never takes the balance below zero: it is refused
 * naming the balance instead.
 */
export async function adjustCredits(
  store: CreditsStore,
  actor: AuthUser,
  request: SupportAdjustmentRequest,
  now: Date,
): Promise<{ balance: number }> {
  return store.transaction(async (tx) => {
    // Locked and brought up to date first: a due reset must not wipe a grant made a moment before it.
    const account = await applyDueChanges(tx, request.userId, now);
    if (!account) throw new AppError(ErrorCode.NOT_FOUND, S.notFound);
    const fresh = await tx.insertSupportAction({
      id: request.actionId,
      actorId: actor.userId,
      actorEmail: actor.email,
      action: request.direction,
      userId: request.userId,
      credits: request.credits,
      code: null,
      reason: request.reason,
      now,
    });
    if (!fresh) return { balance: account.credits };
    const delta = request.direction === 'grant' ? request.credits : -request.credits;
    const balance = await tx.creditAccount({
      userId: request.userId,
      delta,
      reason: 'support',
      idempotencyKey: `support:${request.actionId}`,
      now,
    });
    // Throwing rolls the audit row back too: a refused claw-back leaves no trace of having happened.
    if (balance === undefined) throw new AppError(ErrorCode.CONFLICT, S.clawBackTooLarge(account.credits));
    return { balance };
  });
}

export async function createCode(
  store: CreditsStore,
  actor: AuthUser,
  request: CreateCodeRequest,
  actionId: string,
  now: Date,
): Promise<{ code: string }> {
  const expiresAt = new Date(request.expiresAt);
  if (expiresAt <= now) throw new AppError(ErrorCode.VALIDATION_FAILED, S.codeExpiresInPast);
  // Left blank, the code is made here: long and random, as the rule asks (docs/product-rules.md#redemption-codes).
  const code = request.code ?? makeRedemptionCode();
  return store.transaction(async (tx) => {
    const created = await tx.insertCode({
      code,
      credits: request.credits,
      maxUses: request.maxUses,
      expiresAt,
      createdBy: actor.userId,
      now,
    });
    if (!created) throw new AppError(ErrorCode.CONFLICT, S.codeExists);
    await tx.insertSupportAction({
      id: actionId,
      actorId: actor.userId,
      actorEmail: actor.email,
      action: 'create_code',
      userId: null,
      credits: request.credits,
      code,
      reason: request.reason,
      now,
    });
    return { code };
  });
}
