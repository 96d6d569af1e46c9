// Pack refunds as a state machine that survives every failure (docs/charges.md#pack-refunds). A refund is recorded
// `requested` and committed, with the pack's credits out of the balance, before Paddle is asked; Paddle is asked
// outside any transaction, holding no row lock; its answer, an adjustment.* webhook or the reconciler settles it
// exactly once: refunded (approved) or failed (refused or rejected: the credits come back). An unknown outcome (a
// timeout, a network error, a 5xx) stays `requested` until Paddle says which.
import { CREDIT_PACK_TEXTS, ErrorCode } from '@act/contracts';
import { AppError, type Logger } from '@act/service-kit';
import { applyDueChanges } from './account-lifecycle';
import { isRefundable, loadPurchase } from './credit-packs';
import type { Clock } from '../clock';
import type { CreditsStore } from '../db/credits-store';
import type { GrantRow } from '../db/grants';
import type { PackRefundRow } from '../db/pack-refunds';
import {
  PaddleApiError,
  type AdjustmentEvent,
  type PaddleClient,
  type RefundAdjustment,
} from '../providers/paddle';

const T = CREDIT_PACK_TEXTS.errors;
const REFUND_REASON = 'Unused credit pack refunded by the member';
/**
 * The reconciler leaves a refund alone this long after it was requested or last checked: longer than the Paddle
 * client's timeout, so it never asks again while the member's own request may still be waiting for Paddle's answer.
 */
export const REFUND_RECHECK_MS = 60_000;
const RECONCILE_BATCH = 50;

export interface RefundDeps {
  store: CreditsStore;
  clock: Clock;
  logger: Logger;
  paddle: PaddleClient;
}

/** Where a refund stands after Paddle was asked: settled either way, or still waiting for Paddle. */
export type RefundOutcome = 'refunded' | 'failed' | 'pending';

/**
 * Refunds the member's own unused pack within the refund window. Answers the purchase as it stands: `refunded`, or
 * `refunding` while Paddle has not said (the member is told it is being processed). Refused by Paddle, the credits
 * are back and the member is told so.
 */
export async function refundPurchase(
  deps: RefundDeps,
  input: { userId: string; purchaseId: string },
): Promise<GrantRow> {
  const refund = await openRefund(deps, input);
  const outcome = await askPaddle(deps, refund);
  if (outcome === 'failed') throw new AppError(ErrorCode.PROVIDER_FAILED, T.refundRefused);
  return loadPurchase(deps.store, input.userId, input.purchaseId);
}

/**
 * Short transaction 1: checks the pack is refundable and opens its refund, taking the credits out of the balance.
 * A refund already open (a second click, a click while Paddle is slow) is refused at once: the grant's lock is held
 * only by this transaction, never across a Paddle call, so a concurrent click waits milliseconds, not seconds.
 */
export async function openRefund(
  { store, clock }: Pick<RefundDeps, 'store' | 'clock'>,
  input: { userId: string; purchaseId: string },
): Promise<PackRefundRow> {
  const now = clock.now();
  return store.transaction(async (tx) => {
    await applyDueChanges(tx, input.userId, now);
    const grant = await tx.lockGrant(input.userId, input.purchaseId);
    if (!grant) throw new AppError(ErrorCode.NOT_FOUND, T.purchaseNotFound);
    if (grant.status === 'refunding') throw new AppError(ErrorCode.CONFLICT, T.refundInProgress);
    if (grant.status !== 'active') throw new AppError(ErrorCode.CONFLICT, T.refundNotActive);
    if (grant.remaining !== grant.credits) throw new AppError(ErrorCode.CONFLICT, T.refundUsed);
    if (!isRefundable(grant, now)) throw new AppError(ErrorCode.CONFLICT, T.refundTooLate);
    const account = await tx.findAccount(input.userId);
    // A use in flight has reserved part of these credits: not unused any more.
    if (!account || account.credits < grant.remaining) throw new AppError(ErrorCode.CONFLICT, T.refundUsed);
    return tx.openPackRefund(grant, now);
  });
}

/** Paddle refused the request itself (not a timeout, an outage or a refund already pending there). */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof PaddleApiError)) return false;
  if (error.code === 'not_configured') return true;
  if (error.code === 'adjustment_pending_refund_request') return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** Asks Paddle for the refund (no transaction open, no row locked) and settles from its answer. */
async function askPaddle(deps: RefundDeps, refund: PackRefundRow): Promise<RefundOutcome> {
  let adjustment: RefundAdjustment;
  try {
    adjustment = await deps.paddle.refundTransaction(refund.transaction_id, REFUND_REASON);
  } catch (error) {
    // A refusal is checked against Paddle's list first: an earlier request of ours may have gone through.
    if (isRefusal(error)) return reconcileRefund(deps, refund, { askAgain: false });
    deps.logger.warn(
      { err: error, transactionId: refund.transaction_id },
      'paddle refund outcome unknown: left requested for the reconciler',
    );
    return 'pending';
  }
  return settleRefund(deps, refund, adjustment);
}

/** Short transaction 2: approved finishes it, rejected (or reversed) undoes it, pending records Paddle's id. */
async function settleRefund(
  { store, clock, logger }: RefundDeps,
  refund: PackRefundRow,
  adjustment: RefundAdjustment,
): Promise<RefundOutcome> {
  const adjustmentId = adjustment.adjustmentId || null;
  const log = { transactionId: refund.transaction_id, adjustmentId, credits: refund.credits };
  if (adjustment.status === 'approved') {
    const now = clock.now();
    if (await store.transaction((tx) => tx.finishPackRefund(refund.id, adjustmentId, now))) {
      logger.info(log, 'credit pack refunded');
    }
    return 'refunded';
  }
  if (adjustment.status === 'rejected' || adjustment.status === 'reversed') {
    return undoRefund({ store, clock, logger }, refund, adjustmentId);
  }
  if (adjustmentId) await store.recordRefundAdjustment(refund.id, adjustmentId);
  return 'pending';
}

async function undoRefund(
  { store, clock, logger }: Pick<RefundDeps, 'store' | 'clock' | 'logger'>,
  refund: PackRefundRow,
  adjustmentId: string | null,
): Promise<RefundOutcome> {
  const now = clock.now();
  if (await store.transaction((tx) => tx.undoPackRefund(refund.id, adjustmentId, now))) {
    logger.warn(
      { transactionId: refund.transaction_id, adjustmentId, credits: refund.credits },
      'paddle refused the pack refund: credits given back',
    );
  }
  return 'failed';
}

/**
 * Settles an open refund from what Paddle holds for its transaction: an approved refund wins, then a pending one;
 * only rejected ones (or none) mean no money went back. With none, `askAgain` asks Paddle once more (the first
 * request never reached it); otherwise the refund failed.
 */
async function reconcileRefund(
  deps: RefundDeps,
  refund: PackRefundRow,
  { askAgain }: { askAgain: boolean },
): Promise<RefundOutcome> {
  let adjustments: RefundAdjustment[];
  try {
    const refused = new Set(await deps.store.listRefusedAdjustments(refund.transaction_id));
    const listed = await deps.paddle.listRefunds(refund.transaction_id);
    adjustments = listed.filter((adjustment) => !refused.has(adjustment.adjustmentId));
  } catch (error) {
    deps.logger.warn(
      { err: error, transactionId: refund.transaction_id },
      'paddle refunds could not be listed',
    );
    return 'pending';
  }
  const found =
    adjustments.find((adjustment) => adjustment.status === 'approved') ??
    adjustments.find((adjustment) => adjustment.status === 'pending_approval') ??
    adjustments[0];
  if (found) return settleRefund(deps, refund, found);
  return askAgain ? askPaddle(deps, refund) : undoRefund(deps, refund, null);
}

/**
 * The reconciler (a periodic job): asks Paddle about every refund left `requested` for a while (a timeout, a
 * restart between Paddle's answer and our commit, a webhook lost) and settles it. Returns how many it settled.
 */
export async function reconcilePackRefunds(deps: RefundDeps): Promise<number> {
  const now = deps.clock.now();
  const stale = await deps.store.claimStaleRefunds(
    new Date(now.getTime() - REFUND_RECHECK_MS),
    now,
    RECONCILE_BATCH,
  );
  let settled = 0;
  for (const refund of stale) {
    if ((await reconcileRefund(deps, refund, { askAgain: true })) !== 'pending') settled += 1;
  }
  return settled;
}

/**
 * adjustment.created / adjustment.updated: settles the open refund of its transaction. Replays and late deliveries
 * find it settled and change nothing; a rejection of an older attempt (another adjustment id) leaves a newer open
 * refund alone, while an approval always takes the refund through (Paddle returned the money).
 */
export async function applyRefundAdjustment(deps: RefundDeps, event: AdjustmentEvent): Promise<void> {
  const refund = await deps.store.findOpenRefund(event.transactionId);
  if (!refund) {
    deps.logger.info(
      { eventId: event.eventId, transactionId: event.transactionId, status: event.status },
      'paddle refund adjustment without an open refund',
    );
    return;
  }
  if (event.status !== 'approved' && refund.adjustment_id && refund.adjustment_id !== event.adjustmentId)
    return;
  await settleRefund(deps, refund, { adjustmentId: event.adjustmentId, status: event.status });
}
