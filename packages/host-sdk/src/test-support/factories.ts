// Small factories for test data in the gateway's reply shapes.
import type { Me, Session } from '@act/contracts';

let sequence = 0;

export function makeSession(overrides: Partial<Session> & { nowSeconds?: number } = {}): Session {
  const { nowSeconds = Math.floor(Date.now() / 1000), ...rest } = overrides;
  sequence++;
  return {
    access_token: `token-${sequence}`,
    token_type: 'bearer',
    expires_in: 900,
    expires_at: nowSeconds + 900,
    user: {
      id: '6f1c2a52-3b7e-4d8e-9c55-7a1e0f2b9d10',
      email: 'maya@example.com',
      created_at: '2025-01-05T10:00:00.000Z',
    },
    ...rest,
  };
}

/** A member's account; the balance is all plan credits unless the overrides split it. */
export function makeMe(overrides: Partial<Me> = {}): Me {
  const credits = overrides.credits ?? 50;
  const purchased = overrides.purchased_credits ?? 0;
  return {
    plan: 'free',
    credits,
    plan_credits: overrides.plan_credits ?? credits - purchased,
    purchased_credits: purchased,
    last_credit_reset: '2025-01-05T10:00:00.000Z',
    has_subscription: false,
    subscription_id: null,
    scheduled_plan: null,
    scheduled_change_at: null,
    created_at: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}
