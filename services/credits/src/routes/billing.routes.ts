// GET /api/billing/config (public), POST /api/billing/webhook (Paddle, signature-checked over the raw body: plan
// subscriptions, credit pack transactions and their refund adjustments),
// POST /api/billing/checkout (members: signed custom data for Paddle checkout), POST /api/billing/change-plan and
// POST /api/billing/cancel (members, own subscription only).
import { CREDITS_ENDPOINTS, ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError, Router, mountEndpoint } from '@act/service-kit';
import { applySubscriptionEvent, cancelOwnSubscription, changeOwnPlan } from '../domain/billing';
import { checkoutSigningKey, signCheckoutUser } from '../domain/checkout-signature';
import { applyPackTransaction } from '../domain/credit-packs';
import { applyRefundAdjustment } from '../domain/pack-refunds';
import {
  InvalidWebhookSignatureError,
  isAdjustmentEvent,
  isTransactionEvent,
  verifyPaddleWebhook,
} from '../providers/paddle';
import { packsOf, priceIdsOf } from '../config';
import type { CreditsDeps } from '../deps';

export function createBillingRouter(deps: CreditsDeps): Router {
  const { config, store, clock, logger, paddle, verifier } = deps;
  const prices = priceIdsOf(config);
  const packs = packsOf(config);
  const router = new Router();
  const E = CREDITS_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.billingConfig, options, async () => ({
    // The client token is public by design (Paddle.js runs in the browser); the API key never leaves the server.
    config: {
      environment: config.PADDLE_ENVIRONMENT,
      clientToken: config.PADDLE_CLIENT_TOKEN ?? null,
      prices,
    },
  }));

  mountEndpoint(router, E.webhook, options, async (_input, { ctx }) => {
    const secret = config.PADDLE_WEBHOOK_SECRET;
    if (!secret)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.subscription.billingNotConfigured);
    // The definition keeps the exact request text; the signature covers those bytes, not a re-serialisation.
    const rawBody = (ctx.request as { rawBody?: unknown }).rawBody;
    if (typeof rawBody !== 'string') {
      throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.subscription.invalidWebhookSignature);
    }
    let event;
    try {
      event = await verifyPaddleWebhook(rawBody, ctx.get('paddle-signature') || undefined, secret);
    } catch (error) {
      if (!(error instanceof InvalidWebhookSignatureError)) throw error;
      ctx.state.log.warn('paddle webhook with an invalid signature');
      throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.subscription.invalidWebhookSignature);
    }
    const checkoutKey = checkoutSigningKey(secret);
    if (event && isTransactionEvent(event)) {
      await applyPackTransaction({ store, clock, logger, packs, checkoutKey }, event);
    } else if (event && isAdjustmentEvent(event)) {
      await applyRefundAdjustment({ store, clock, logger, paddle }, event);
    } else if (event) {
      await applySubscriptionEvent({ store, clock, logger, prices, checkoutKey }, event);
    }
    return { success: true };
  });

  mountEndpoint(router, E.checkout, options, async (input, { caller }) => {
    const secret = config.PADDLE_WEBHOOK_SECRET;
    // Without webhooks a checkout could never reach the account: do not start one.
    if (!secret || !prices[input.plan][input.billing_cycle]) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.subscription.billingNotConfigured);
    }
    const { userId } = caller;
    return {
      custom_data: {
        user_id: userId,
        plan: input.plan,
        billing_cycle: input.billing_cycle,
        signature: signCheckoutUser(checkoutSigningKey(secret), userId),
      },
    };
  });

  mountEndpoint(router, E.cancel, options, async (input, { caller, ctx }) => {
    await cancelOwnSubscription(
      { store, clock, logger: ctx.state.log, paddle },
      { userId: caller.userId, subscriptionId: input.subscription_id },
    );
    return {};
  });

  mountEndpoint(router, E.changePlan, options, async (input, { caller, ctx }) => {
    const result = await changeOwnPlan(
      { store, clock, logger: ctx.state.log, paddle, prices },
      { userId: caller.userId, plan: input.plan, cycle: input.billing_cycle },
    );
    return { change: result.change, effectiveAt: result.effectiveAt?.toISOString() ?? null };
  });

  return router;
}
