import { describe, expect, it } from 'vitest';
import { PLAN_PRICE_ENV } from './plan-prices';
import { getPlan, planAction, PLANS, planPrice } from './plans';

describe('plan catalogue', () => {
  it('pins the plan figures', () => {
    expect(
      PLANS.map((p) => [
        p.id,
        p.rank,
        p.monthlyCredits,
        p.monthlyPrice,
        p.yearlyPrice,
        p.yearlySaving,
        p.popular,
      ]),
    ).toEqual([
      ['free', 0, 50, 0, 0, 0, false],
      ['pro', 1, 500, 9, 99, 9, false],
      ['premium', 2, 1500, 25, 275, 25, true],
      ['ultimate', 3, 5000, 75, 825, 75, false],
    ]);
  });

  it('names the env vars of the payment price ids on the server only, one per paid plan and cycle', () => {
    expect(PLAN_PRICE_ENV.pro).toEqual({
      monthly: 'PADDLE_PRICE_PRO_MONTHLY',
      yearly: 'PADDLE_PRICE_PRO_YEARLY',
    });
    expect(PLAN_PRICE_ENV.ultimate.yearly).toBe('PADDLE_PRICE_ULTIMATE_YEARLY');
    expect(Object.keys(PLAN_PRICE_ENV).sort()).toEqual(['premium', 'pro', 'ultimate']);
    expect(JSON.stringify(getPlan('pro'))).not.toMatch(/PADDLE_PRICE/);
  });

  it('gives free basic support and paid plans priority support and advanced features', () => {
    expect(getPlan('free').features).toEqual([
      'Access to all tools',
      'Basic support',
      'Monthly credit reset',
      'Community access',
    ]);
    for (const id of ['pro', 'premium', 'ultimate'] as const) {
      expect(getPlan(id).features).toContain('Priority support');
      expect(getPlan(id).features).toContain('Advanced features');
    }
    expect(getPlan('premium').creditsLabel).toBe('1,500 credits per month');
  });

  it('prices by cycle', () => {
    expect(planPrice('premium', 'monthly')).toBe(25);
    expect(planPrice('premium', 'yearly')).toBe(275);
  });

  it('decides the plan card action by rank', () => {
    expect(planAction('pro', 'premium')).toBe('upgrade');
    expect(planAction('ultimate', 'pro')).toBe('downgrade');
    expect(planAction('premium', 'premium')).toBe('current');
    expect(planAction('free', 'pro')).toBe('upgrade');
    expect(planAction('pro', 'free')).toBe('downgrade');
    expect(planAction(null, 'ultimate')).toBe('select');
    expect(planAction('enterprise', 'pro')).toBe('select');
  });
});
