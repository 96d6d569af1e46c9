// GET /api/billing/config (public), POST /api/billing/webhook (Paddle, signature-checked over the raw body),
// POST /api/billing/checkout (members: signed custom data for Paddle checkout), POST /api/billing/change-plan and
// POST /api/billing/cancel (members, own subscription only).
import {
  API_ROUTES,
  CancelSubscriptionRequestSchema,
  ChangePlanRequestSchema,
  CheckoutRequestSchema,
  ERROR_TEXTS,
  ErrorCode,
  type BillingConfigReply,
  type CancelSubscriptionReply,
  type ChangePlanReply,
  type CheckoutReply,
} from '@act/contracts';
import {
  AppError,
  inputOf,
  requireUser,
  userOf,
  validate,
  type JwtVerifier,
  type Router,
} from '@act/service-kit';
import { applySubscriptionEvent, cancelOwnSubscription, changeOwnPlan } from '../domain/billing';
import { checkoutSigningKey, signCheckoutUser } from '../domain/checkout-signature';
import { InvalidWebhookSignatureError, verifyPaddleWebhook } from '../providers/paddle';
import { priceIdsOf } from '../config';
import type { CreditsDeps } from '../deps';

export function mountBillingRoutes(router: Router, deps: CreditsDeps, verifier: JwtVerifier): void {
  const { config, sql, clock, logger, paddle } = deps;
  const prices = priceIdsOf(config);

  router.get(API_ROUTES.billing.config, (ctx) => {
    ctx.body = {
      success: true,
      // The client token is public by design (Paddle.js runs in the browser); the API key never leaves the server.
      config: {
        environment: config.PADDLE_ENVIRONMENT,
        clientToken: config.PADDLE_CLIENT_TOKEN ?? null,
        prices,
      },
    } satisfies BillingConfigReply;
  });

  router.post(API_ROUTES.billing.webhook, async (ctx) => {
    const secret = config.PADDLE_WEBHOOK_SECRET;
    if (!secret)
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.subscription.billingNotConfigured);
    // The kit's JSON parser keeps the exact request text; the signature covers those bytes, not a re-serialisation.
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
    if (event) {
      await applySubscriptionEvent(
        { sql, clock, logger, prices, checkoutKey: checkoutSigningKey(secret) },
        event,
      );
    }
    ctx.body = { success: true };
  });

  router.post(API_ROUTES.billing.checkout, requireUser(verifier), validate(CheckoutRequestSchema), (ctx) => {
    const input = inputOf(ctx, CheckoutRequestSchema);
    const secret = config.PADDLE_WEBHOOK_SECRET;
    // Without webhooks a checkout could never reach the account: do not start one.
    if (!secret || !prices[input.plan][input.billing_cycle]) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.subscription.billingNotConfigured);
    }
    const userId = userOf(ctx)!.userId;
    ctx.body = {
      success: true,
      custom_data: {
        user_id: userId,
        plan: input.plan,
        billing_cycle: input.billing_cycle,
        signature: signCheckoutUser(checkoutSigningKey(secret), userId),
      },
    } satisfies CheckoutReply;
  });

  router.post(
    API_ROUTES.billing.cancel,
    requireUser(verifier),
    validate(CancelSubscriptionRequestSchema),
    async (ctx) => {
      const input = inputOf(ctx, CancelSubscriptionRequestSchema);
      await cancelOwnSubscription(
        { sql, clock, logger: ctx.state.log, paddle },
        { userId: userOf(ctx)!.userId, subscriptionId: input.subscription_id },
      );
      ctx.body = { success: true } satisfies CancelSubscriptionReply;
    },
  );

  router.post(
    API_ROUTES.billing.changePlan,
    requireUser(verifier),
    validate(ChangePlanRequestSchema),
    async (ctx) => {
      const input = inputOf(ctx, ChangePlanRequestSchema);
      const result = await changeOwnPlan(
        { sql, clock, logger: ctx.state.log, paddle, prices },
        { userId: userOf(ctx)!.userId, plan: input.plan, cycle: input.billing_cycle },
      );
      ctx.body = {
        success: true,
        change: result.change,
        effective_at: result.effectiveAt?.toISOString() ?? null,
      } satisfies ChangePlanReply;
    },
  );
}
