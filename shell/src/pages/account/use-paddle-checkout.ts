// Paddle checkout for subscriptions (spec §4, §7): loads Paddle.js only on the subscription tab, polls readiness every
// second until the provider is available, and opens checkout with the member's email and the passthrough
// {user_id, plan, billing_cycle}. Errors use the spec's texts.
import { useCallback, useEffect, useState } from 'react';
import type { Paddle } from '@paddle/paddle-js';
import {
  ERROR_TEXTS,
  LIMITS,
  type BillingConfig,
  type BillingCycle,
  type CheckoutCustomData,
  type PaidPlanId,
} from '@act/contracts';

export type PaymentStatus = 'waiting' | 'ready' | 'unconfigured' | 'failed';

export interface CheckoutRequest {
  plan: PaidPlanId;
  cycle: BillingCycle;
  email: string;
  userId: string;
}

export interface PaddleCheckout {
  status: PaymentStatus;
  /** Text to show when the payment system is unavailable. */
  statusError: string | null;
  /** Opens checkout; throws an Error carrying the spec text to show. */
  openCheckout(request: CheckoutRequest): void;
}

export function usePaddleCheckout(config: BillingConfig | null): PaddleCheckout {
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
    (request: CheckoutRequest) => {
      if (!paddle || !config) throw new Error(ERROR_TEXTS.subscription.paymentNotReady);
      const priceId = config.prices[request.plan]?.[request.cycle];
      if (!priceId) throw new Error(ERROR_TEXTS.subscription.startSubscription);
      const customData: CheckoutCustomData = {
        user_id: request.userId,
        plan: request.plan,
        billing_cycle: request.cycle,
      };
      try {
        paddle.Checkout.open({
          items: [{ priceId, quantity: 1 }],
          customer: { email: request.email },
          customData,
        });
      } catch {
        throw new Error(ERROR_TEXTS.subscription.startSubscription);
      }
    },
    [paddle, config],
  );

  const statusError =
    status === 'failed'
      ? ERROR_TEXTS.subscription.paymentInitFailed
      : status === 'unconfigured'
        ? ERROR_TEXTS.subscription.billingNotConfigured
        : null;

  return { status, statusError, openCheckout };
}
