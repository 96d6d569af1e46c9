// Credits configuration: the guest budget's and the credit packs' defaults and a readable error for a value that is not one.
import { describe, expect, it } from 'vitest';
import { loadCreditsConfig, packsOf } from './config';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/credits',
  NATS_URL: 'nats://127.0.0.1:4222',
  JWKS_URL: 'http://127.0.0.1:8101/api/identity/.well-known/jwks.json',
};

describe('GUEST_DAILY_BUDGET_PER_TOOL', () => {
  it('defaults to 500 guest uses per tool per day and accepts 0 (guest trials off)', () => {
    expect(loadCreditsConfig(base).GUEST_DAILY_BUDGET_PER_TOOL).toBe(500);
    expect(loadCreditsConfig({ ...base, GUEST_DAILY_BUDGET_PER_TOOL: '0' }).GUEST_DAILY_BUDGET_PER_TOOL).toBe(
      0,
    );
  });

  it('names the variable and says what it wants when the value is not a whole number of uses', () => {
    for (const value of ['lots', '2.5', '-1']) {
      expect(() => loadCreditsConfig({ ...base, GUEST_DAILY_BUDGET_PER_TOOL: value })).toThrow(
        /GUEST_DAILY_BUDGET_PER_TOOL: must be .*(whole number|0 or more)/,
      );
    }
  });
});

describe('HOLD_TTL_MS', () => {
  it('refuses a hold lifetime shorter than the longest charged work plus the outcome redeliveries', () => {
    // 180 s of work plus 5 deliveries × 30 s: a 10 s hold would be swept under a call that then succeeds.
    expect(() => loadCreditsConfig({ ...base, HOLD_TTL_MS: '10000' })).toThrow(
      /HOLD_TTL_MS: must be at least 330000 ms/,
    );
    expect(loadCreditsConfig({ ...base, HOLD_TTL_MS: '330000' }).HOLD_TTL_MS).toBe(330_000);
  });

  it('says so when more redeliveries no longer fit in the default lifetime', () => {
    expect(() => loadCreditsConfig({ ...base, USAGE_MAX_DELIVER: '20' })).toThrow(
      /HOLD_TTL_MS: must be at least 780000 ms/,
    );
  });
});

describe('CREDIT_PACKS and PADDLE_PRICE_PACKS', () => {
  it('sells 100, 500 and 2,000 credits by default, for sale once their Paddle price ids are set', () => {
    const config = loadCreditsConfig({ ...base, PADDLE_PRICE_PACKS: '100=pri_a, 2000=pri_c' });
    expect(packsOf(config)).toEqual([
      { id: 'pack-100', credits: 100, priceCents: 500, priceId: 'pri_a' },
      { id: 'pack-500', credits: 500, priceCents: 2000, priceId: null },
      { id: 'pack-2000', credits: 2000, priceCents: 7000, priceId: 'pri_c' },
    ]);
  });

  it('reads prices with cents and says what it wants for an entry it cannot read', () => {
    const config = loadCreditsConfig({ ...base, CREDIT_PACKS: '250:9.99' });
    expect(packsOf(config)).toEqual([{ id: 'pack-250', credits: 250, priceCents: 999, priceId: null }]);
    expect(() => loadCreditsConfig({ ...base, CREDIT_PACKS: '100:5,lots' })).toThrow(
      /CREDIT_PACKS: "lots" is not credits:usd/,
    );
    expect(() => loadCreditsConfig({ ...base, PADDLE_PRICE_PACKS: 'pri_a' })).toThrow(
      /PADDLE_PRICE_PACKS: "pri_a" is not credits=price_id/,
    );
  });
});
