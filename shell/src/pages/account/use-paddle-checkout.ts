// Paddle checkout for subscriptions and credit packs (docs/product-rules.md#states, #endpoints, #credit-packs): loads Paddle.js only on the
// subscription tab, polls readiness every second until the provider is available, and opens checkout with the
// member's email and the passthrough {user_id, plan, billing_cycle}, signed by credits (the webhook believes no user
// id the browser made up). Errors use the spec's texts. A member sent here from a tool goes back to it once paid.
import { useCallback, useEffect, useState } from 'react';
import type { Paddle } from '@paddle/paddle-js';
import { errorMessage } from '@act/host-sdk';
import {
  CREDIT_PACK_ENDPOINTS,
  CREDIT_PACK_TEXTS,
  CREDITS_ENDPOINTS,
  ERROR_TEXTS,
  LIMITS,
  type CreditPack,
  type BillingConfig,
  type BillingCycle,
  type PaidPlanId,
} from '@act/contracts';
import { useServices } from '../../app/services-context';

export type PaymentStatus = 'waiting' | 'ready' | 'unconfigured' | 'failed';

export interface CheckoutRequest {
  plan: PaidPlanId;
  cycle: BillingCycle;
  email: string;
}

export interface PaddleCheckout {
  status: PaymentStatus;
  /** Text to show when the payment system is unavailable. */
  statusError: string | null;
  /** Opens checkout; rejects with an Error carrying the spec text to show. */
  openCheckout(request: CheckoutRequest): Promise<void>;
  /** Opens checkout of a one-time credit pack (docs/product-rules.md#credit-packs), the same way. */
  openPackCheckout(pack: CreditPack, email: string): Promise<void>;
}

/** `returnTo`: a same-site path (already checked) Paddle sends the member to after a successful payment. */
export function usePaddleCheckout(
  config: BillingConfig | null,
  returnTo: string | null = null,
): PaddleCheckout {
  const { api } = useServices();
  const [paddle, setPaddle] = useState<Paddle | null>(null);
  const [status, setStatus] = useState<PaymentStatus>('waiting');

  useEffect(() => {
    if (!config) return;
    const token = config.clientToken;
    if (!token) {
      setStatus('unconfigured');
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    void import('@paddle/paddle-js')
      .then(async ({ initializePaddle, getPaddleInstance }) => {
        const instance = await initializePaddle({ environment: config.environment, token });
        if (stopped) return;
        const check = () => {
          const ready = instance ?? getPaddleInstance();
          if (ready?.Initialized !== false && ready) {
            clearInterval(timer);
            setPaddle(ready);
            setStatus('ready');
          }
        };
        check();
        timer = setInterval(check, LIMITS.paymentReadyPollMs);
      })
      .catch(() => {
        if (!stopped) setStatus('failed');
      });
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [config]);

  const openCheckout = useCallback(
    async (request: CheckoutRequest) => {
      if (!paddle || !config) throw new Error(ERROR_TEXTS.subscription.paymentNotReady);
      const priceId = config.prices[request.plan]?.[request.cycle];
      if (!priceId) throw new Error(ERROR_TEXTS.subscription.startSubscription);
      let customData;
      try {
        ({ custom_data: customData } = await api.call(CREDITS_ENDPOINTS.checkout, {
          body: { plan: request.plan, billing_cycle: request.cycle },
          fallbackError: ERROR_TEXTS.subscription.startSubscription,
        }));
      } catch (error) {
        throw new Error(errorMessage(error, ERROR_TEXTS.subscription.startSubscription), { cause: error });
      }
      try {
        paddle.Checkout.open({
          items: [{ priceId, quantity: 1 }],
          customer: { email: request.email },
          customData,
          ...(returnTo ? { settings: { successUrl: new URL(returnTo, window.location.origin).href } } : {}),
        });
      } catch {
        throw new Error(ERROR_TEXTS.subscription.startSubscription);
      }
    },
    [paddle, config, api, returnTo],
  );

  const openPackCheckout = useCallback(
    async (pack: CreditPack, email: string) => {
      if (!paddle || !config) throw new Error(ERROR_TEXTS.subscription.paymentNotReady);
      if (!pack.priceId) throw new Error(CREDIT_PACK_TEXTS.errors.packNotForSale);
      let customData;
      try {
        ({ custom_data: customData } = await api.call(CREDIT_PACK_ENDPOINTS.packCheckout, {
          body: { packId: pack.id },
          fallbackError: CREDIT_PACK_TEXTS.errors.startPurchase,
        }));
      } catch (error) {
        throw new Error(errorMessage(error, CREDIT_PACK_TEXTS.errors.startPurchase), { cause: error });
      }
      try {
        paddle.Checkout.open({
          items: [{ priceId: pack.priceId, quantity: 1 }],
          customer: { email },
          customData,
          // Bought from a tool's "out of credits" link: back to that tool once paid, as after a plan checkout.
          ...(returnTo ? { settings: { successUrl: new URL(returnTo, window.location.origin).href } } : {}),
        });
      } catch {
        throw new Error(CREDIT_PACK_TEXTS.errors.startPurchase);
      }
    },
    [paddle, config, api, returnTo],
  );

  const statusError =
    status === 'failed'
      ? ERROR_TEXTS.subscription.paymentInitFailed
      : status === 'unconfigured'
        ? ERROR_TEXTS.subscription.billingNotConfigured
        : null;

  return { status, statusError, openCheckout, openPackCheckout };
}
