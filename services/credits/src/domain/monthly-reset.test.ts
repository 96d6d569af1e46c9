// Monthly reset on a fixed clock: one calendar month after last_credit_reset the balance becomes the plan's
// allowance (no carry-over), applied lazily on read and reserve and by the periodic job, once per user and month.
import { createCreditsClient, type CreditsClient } from '@act/service-kit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { balanceOf, memberReserve } from '../test-support/factories';
import { addMonthsUtc, ensureAccount, latestAnniversary } from './account-lifecycle';
import { applyDueAccountChanges } from './monthly-reset';

let h: CreditsHarness;
let credits: CreditsClient;
const clock = createManualClock('2025-01-15T10:00:00.000Z');

beforeAll(async () => {
  h = await startCreditsHarness({ clock });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace });
});
beforeEach(() => clock.set('2025-01-15T10:00:00.000Z'));
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

async function resetRows(userId: string) {
  return h.sql`select delta, at from ledger where user_id = ${userId} and reason = 'monthly_reset' order by id`;
}

async function me(userId: string) {
  const response = await h.request('/api/credits/me', { token: await h.tokenFor(userId) });
  return ((await response.json()) as { me: { credits: number; last_credit_reset: string } }).me;
}

describe('calendar months', () => {
  it('adds months in UTC and clamps to the last day of a shorter month', () => {
    expect(addMonthsUtc(new Date('2025-01-31T12:00:00Z'), 1).toISOString()).toBe('2025-02-28T12:00:00.000Z');
    expect(addMonthsUtc(new Date('2024-01-31T12:00:00Z'), 1).toISOString()).toBe('2024-02-29T12:00:00.000Z');
    expect(addMonthsUtc(new Date('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('finds the latest anniversary not after now', () => {
    const start = new Date('2025-01-15T10:00:00Z');
    expect(latestAnniversary(start, new Date('2025-04-15T09:59:59Z')).toISOString()).toBe(
      '2025-03-15T10:00:00.000Z',
    );
    expect(latestAnniversary(start, new Date('2025-04-15T10:00:00Z')).toISOString()).toBe(
      '2025-04-15T10:00:00.000Z',
    );
  });
});

describe('monthly reset', () => {
  it('is lazy on read: not before one month, then once, to the allowance', async () => {
    const userId = newUserId();
    await credits.reserve(memberReserve(userId, 'text-to-image'));
    expect(await balanceOf(h.sql, userId)).toBe(30);

    clock.set('2025-02-15T09:59:59.999Z');
    expect((await me(userId)).credits).toBe(30);

    clock.set('2025-02-15T10:00:00.000Z');
    const after = await me(userId);
    expect(after).toMatchObject({ credits: 50, last_credit_reset: '2025-02-15T10:00:00.000Z' });
    await me(userId);
    await applyDueAccountChanges(h.deps);
    expect(await resetRows(userId)).toHaveLength(1);
  });

  it('is lazy on reserve: the reset lands before the charge', async () => {
    const userId = newUserId();
    await credits.reserve(memberReserve(userId, 'text-to-image'));
    await credits.reserve(memberReserve(userId, 'text-to-image'));
    expect(await balanceOf(h.sql, userId)).toBe(10);
    clock.set('2025-02-20T00:00:00.000Z');
    expect(await credits.reserve(memberReserve(userId, 'text-to-image'))).toEqual({
      ok: true,
      cost: 20,
      remainingCredits: 30,
    });
    expect(await resetRows(userId)).toEqual([{ delta: 40, at: new Date('2025-02-20T00:00:00.000Z') }]);
  });

  it('is applied by the periodic job to members who never come back, once per month', async () => {
    const userId = newUserId();
    await credits.reserve(memberReserve(userId, 'text-to-speech'));
    clock.set('2025-02-16T00:00:00.000Z');
    expect(await applyDueAccountChanges(h.deps)).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(h.sql, userId)).toBe(50);
    expect(await applyDueAccountChanges(h.deps)).toBe(0);
    await Promise.all([applyDueAccountChanges(h.deps), applyDueAccountChanges(h.deps), me(userId)]);
    expect(await resetRows(userId)).toHaveLength(1);

    clock.set('2025-03-15T10:00:00.000Z');
    await applyDueAccountChanges(h.deps);
    expect(await resetRows(userId)).toHaveLength(2);
  });

  it('does not carry over: unused credits lapse, and missed months give one reset', async () => {
    const userId = newUserId();
    await h.deps.store.transaction(async (tx) => ensureAccount(tx, userId, clock.now()));
    await h.sql`update accounts set plan = 'pro' where user_id = ${userId}`;
    await h.sql`insert into ledger (user_id, delta, reason, idempotency_key, at)
                values (${userId}, 0, 'plan_change', ${`test:${userId}`}, now())`;
    clock.set('2025-05-01T00:00:00.000Z');
    await applyDueAccountChanges(h.deps);
    expect(await balanceOf(h.sql, userId)).toBe(500);
    const rows = await h.sql<
      { last_credit_reset: Date }[]
    >`select last_credit_reset from accounts where user_id = ${userId}`;
    expect(rows[0]!.last_credit_reset.toISOString()).toBe('2025-04-15T10:00:00.000Z');
    expect(await resetRows(userId)).toHaveLength(1);
  });
});
