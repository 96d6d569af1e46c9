// GET /api/credits/packs (public), POST /api/credits/packs/checkout, GET /api/credits/ledger (JSON pages or CSV),
// GET /api/credits/purchases[/:id] (receipts) and POST /api/credits/purchases/:id/refund (members, their own only).
import { CREDIT_PACK_ENDPOINTS, CREDIT_PACK_TEXTS, ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError, MEMBER_DATA_CACHE, Router, mountEndpoint, sendDownload } from '@act/service-kit';
import { packsOf } from '../config';
import { signCheckoutUser, checkoutSigningKey } from '../domain/checkout-signature';
import { loadPurchase, presentPacks, presentPurchase } from '../domain/credit-packs';
import { refundPurchase } from '../domain/pack-refunds';
import { loadCurrentAccount } from '../domain/account-lifecycle';
import { ledgerCsv, listLedger } from '../domain/ledger';
import type { CreditsDeps } from '../deps';

/** Most purchases the account page lists. */
const PURCHASES_SHOWN = 100;

export function createCreditPacksRouter(deps: CreditsDeps): Router {
  const { config, store, clock, paddle, verifier } = deps;
  const packs = packsOf(config);
  const router = new Router();
  const E = CREDIT_PACK_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.packs, options, async (_input, { ctx }) => {
    ctx.set('cache-control', 'public, max-age=300');
    return { packs: presentPacks(packs) };
  });

  mountEndpoint(router, E.packCheckout, options, async (input, { caller }) => {
    const pack = packs.find((candidate) => candidate.id === input.packId);
    if (!pack) throw new AppError(ErrorCode.NOT_FOUND, CREDIT_PACK_TEXTS.errors.packNotForSale);
    const secret = config.PADDLE_WEBHOOK_SECRET;
    // Without webhooks a purchase could never reach the account: do not start one.
    if (!secret || !pack.priceId) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.subscription.billingNotConfigured);
    }
    return {
      custom_data: {
        user_id: caller.userId,
        pack_id: pack.id,
        signature: signCheckoutUser(checkoutSigningKey(secret), caller.userId),
      },
    };
  });

  mountEndpoint(router, E.ledger, options, async (input, { caller, ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    // Opened and brought up to date first, as GET /me does: a reset that fell due is in the ledger it reads.
    await loadCurrentAccount(store, caller.userId, clock.now());
    if (input.format === 'csv') {
      sendDownload(ctx, {
        body: await ledgerCsv(store, caller.userId, input),
        type: 'text/csv; charset=utf-8',
        fileName: `credit-history-${clock.now().toISOString().slice(0, 10)}.csv`,
        cache: MEMBER_DATA_CACHE,
      });
      return undefined;
    }
    const page = await listLedger(store, caller.userId, input);
    return { entries: page.entries, nextCursor: page.nextCursor, days: page.days };
  });

  mountEndpoint(router, E.purchases, options, async (_input, { caller, ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    const now = clock.now();
    const grants = await store.listGrants(caller.userId, PURCHASES_SHOWN);
    return { purchases: grants.map((grant) => presentPurchase(grant, now)) };
  });

  mountEndpoint(router, E.purchase, options, async (_input, { caller, params, ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    const grant = await loadPurchase(store, caller.userId, params.id);
    return { purchase: presentPurchase(grant, clock.now()) };
  });

  mountEndpoint(router, E.refundPurchase, options, async (_input, { caller, params, ctx }) => {
    const grant = await refundPurchase(
      { store, clock, logger: ctx.state.log, paddle },
      { userId: caller.userId, purchaseId: params.id },
    );
    return { purchase: presentPurchase(grant, clock.now()) };
  });

  return router;
}
