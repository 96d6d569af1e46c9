// Credit packs (docs/product-rules.md#credit-packs): one-time Paddle purchases credited only from a verified
// webhook, exactly once per transaction; a purchase is a grant of its own that the monthly reset leaves alone and
// that expires 12 months after purchase; an unused pack may be refunded within 3 days (pack-refunds.ts).
import {
  CREDIT_PACK_RULES,
  CREDIT_PACK_TEXTS,
  ErrorCode,
  type CreditPack,
  type Purchase,
} from '@act/contracts';
import { AppError, type Logger } from '@act/service-kit';
import { addMonthsUtc, applyDueChanges, ensureAccount } from './account-lifecycle';
import { verifiedCheckoutUser } from './checkout-signature';
import type { Pack } from '../config';
import type { CreditsStore } from '../db/credits-store';
import type { GrantRow } from '../db/grants';
import type { TransactionEvent } from '../providers/paddle';
import type { Clock } from '../clock';

const T = CREDIT_PACK_TEXTS.errors;
const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_BATCH = 200;

export function presentPacks(packs: readonly Pack[]): CreditPack[] {
  return packs.map((pack) => ({
    id: pack.id,
    credits: pack.credits,
    priceCents: pack.priceCents,
    priceId: pack.priceId,
  }));
}

export interface PackPurchaseDeps {
  store: CreditsStore;
  clock: Clock;
  logger: Logger;
  packs: readonly Pack[];
  /** See checkout-signature.ts. */
  checkoutKey: Buffer;
}

export type PackPurchaseOutcome = 'applied' | 'duplicate' | 'unmatched' | 'ignored';

// Paddle marks a transaction `paid` when the money is captured and `completed` once it has processed it; either
// may arrive first, each possibly more than once. Credits are given on whichever comes first, once.
const PAID_STATUSES = new Set(['paid', 'completed']);

/**
 * Credits a pack bought through Paddle checkout. Only a transaction of a pack's price, paid, with no subscription,
 * counts; its buyer is the member whose id credits signed in the checkout's custom data. The grant is keyed by the
 * transaction id, so replays and every other event of the same transaction credit nothing more.
 */
export async function applyPackTransaction(
  deps: PackPurchaseDeps,
  event: TransactionEvent,
): Promise<PackPurchaseOutcome> {
  const { store, clock, logger } = deps;
  if (!PAID_STATUSES.has(event.status) || event.subscriptionId) return 'ignored';
  const bought = event.items.flatMap((item) => {
    const pack = deps.packs.find((candidate) => candidate.priceId === item.priceId);
    return pack ? [{ pack, quantity: Math.max(1, item.quantity) }] : [];
  });
  if (bought.length === 0) return 'ignored';
  const userId = verifiedCheckoutUser(deps.checkoutKey, event.claimedUser);
  if (!userId) {
    logger.warn(
      { eventId: event.eventId, transactionId: event.transactionId },
      'paddle pack purchase without a member billing believes',
    );
    return 'unmatched';
  }
  const now = clock.now();
  const credits = bought.reduce((sum, line) => sum + line.pack.credits * line.quantity, 0);
  const outcome = await store.transaction(async (tx): Promise<PackPurchaseOutcome> => {
    await ensureAccount(tx, userId, now);
    await applyDueChanges(tx, userId, now);
    const grant = await tx.insertGrant({
      userId,
      transactionId: event.transactionId,
      packId: bought[0]!.pack.id,
      credits,
      amountMinor: event.amountMinor,
      currency: event.currency,
      purchasedAt: event.billedAt,
      expiresAt: addMonthsUtc(event.billedAt, CREDIT_PACK_RULES.expiryMonths),
      now,
    });
    return grant ? 'applied' : 'duplicate';
  });
  logger.info(
    { eventId: event.eventId, transactionId: event.transactionId, outcome, credits },
    'paddle pack purchase',
  );
  return outcome;
}

/** Unused (nothing of it spent) and within the refund window of its purchase. */
export function isRefundable(grant: GrantRow, now: Date): boolean {
  return (
    grant.status === 'active' &&
    grant.remaining === grant.credits &&
    now.getTime() - grant.purchased_at.getTime() <= CREDIT_PACK_RULES.refundDays * DAY_MS
  );
}

export function presentPurchase(grant: GrantRow, now: Date): Purchase {
  return {
    id: grant.id,
    transactionId: grant.transaction_id,
    packId: grant.pack_id,
    credits: grant.credits,
    remaining: grant.remaining,
    amountMinor: Number(grant.amount_minor),
    currency: grant.currency,
    status: grant.status,
    purchasedAt: grant.purchased_at.toISOString(),
    expiresAt: grant.expires_at.toISOString(),
    refundable: isRefundable(grant, now),
  };
}

export async function loadPurchase(store: CreditsStore, userId: string, grantId: string): Promise<GrantRow> {
  const grant = await store.findGrant(userId, grantId);
  // Another member's purchase is as unknown as a missing one.
  if (!grant) throw new AppError(ErrorCode.NOT_FOUND, T.purchaseNotFound);
  return grant;
}

export interface GrantExpiryDeps {
  store: CreditsStore;
  clock: Clock;
}

/** Expires purchased credits older than 12 months (one batch per run; the account job runs it). */
export async function expirePurchasedCredits({ store, clock }: GrantExpiryDeps): Promise<number> {
  const now = clock.now();
  return store.transaction((tx) => tx.expireDueGrants(now, EXPIRY_BATCH));
}
