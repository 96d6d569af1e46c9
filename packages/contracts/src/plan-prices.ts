// Server only (@act/contracts/server): the names of the env vars holding the payment provider's price id of each paid
// plan and billing cycle. Credits reads them; the browser gets prices, never env names.
import type { BillingCycle, PaidPlanId } from './plans';

export const PLAN_PRICE_ENV: Readonly<Record<PaidPlanId, Readonly<Record<BillingCycle, string>>>> = {
  pro: { monthly: 'PADDLE_PRICE_PRO_MONTHLY', yearly: 'PADDLE_PRICE_PRO_YEARLY' },
  premium: { monthly: 'PADDLE_PRICE_PREMIUM_MONTHLY', yearly: 'PADDLE_PRICE_PREMIUM_YEARLY' },
  ultimate: { monthly: 'PADDLE_PRICE_ULTIMATE_MONTHLY', yearly: 'PADDLE_PRICE_ULTIMATE_YEARLY' },
};
