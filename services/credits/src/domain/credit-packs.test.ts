// Credit packs against the Paddle fake on real PostgreSQL and NATS: a pack bought through checkout is credited from
// the signed webhook exactly once (replays, other events of the transaction, out of order), spent after the plan's
// credits and oldest purchase first, kept by the monthly reset, expired after 12 months, and refundable only unused
// and within 3 days. A race of spends and webhooks keeps every money invariant.
import { CreditPacksReplySchema, PurchaseReplySchema, type ToolId } from '@act/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { packShop } from '../test-support/pack-shop';
import { balanceOf, memberReserve, usageEventFor } from '../test-support/factories';
import { signPaddleBody } from '../test-support/paddle-fake';
import { expirePurchasedCredits } from './credit-packs';
import { applyUsageEvent } from '../charges';
import { reserveCredits } from '../reserve';

let h: CreditsHarness;
const START = '2025-03-10T12:00:00.000Z';
const clock = createManualClock(START);
const { sendWebhook, purchase, buy, me, purchases, refund } = packShop(() => h, clock);

beforeAll(async () => {
  h = await startCreditsHarness({ clock, workers: false });
});
beforeEach(() => clock.set(START));
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

async function grants(userId: string) {
  return h.sql<{ transaction_id: string; remaining: number; status: string }[]>`
    select transaction_id, remaining, status from credit_grants where user_id = ${userId} order by purchased_at`;
}

/** One use of `tool`, reserved and committed as a tool service would. */
async function use(userId: string, tool: ToolId = 'text-to-image') {
  const request = memberReserve(userId, tool);
  const reply = await reserveCredits({ ...h.deps, guestDailyBudgetPerTool: 10 }, request);
  expect(reply.ok).toBe(true);
  await applyUsageEvent(h.deps, 'committed', usageEventFor(request, clock.now()));
}

describe('packs for sale', () => {
  it('lists the configured packs with their prices and Paddle price ids', async () => {
    const response = await h.request('/api/credits/packs');
    expect(response.status).toBe(200);
    expect(CreditPacksReplySchema.parse(await response.json()).packs).toEqual([
      { id: 'pack-100', credits: 100, priceCents: 500, priceId: 'pri_pack_100' },
      { id: 'pack-500', credits: 500, priceCents: 2000, priceId: 'pri_pack_500' },
      { id: 'pack-2000', credits: 2000, priceCents: 7000, priceId: 'pri_pack_2000' },
    ]);
  });

  it('refuses checkout data for a pack that is not sold', async () => {
    const response = await h.request('/api/credits/packs/checkout', {
      method: 'POST',
      token: await h.tokenFor(newUserId()),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ packId: 'pack-7' }),
    });
    expect(response.status).toBe(404);
  });
});

describe('buying a pack', () => {
  it('credits the pack from the verified webhook and shows it in balance, split and receipt', async () => {
    const userId = newUserId();
    const bought = await buy(userId, 'pack-500');

    expect(await me(userId)).toMatchObject({ credits: 550, plan_credits: 50, purchased_credits: 500 });
    const [receipt] = await purchases(userId);
    expect(receipt).toMatchObject({
      transactionId: bought.transactionId,
      packId: 'pack-500',
      credits: 500,
      remaining: 500,
      amountMinor: 500,
      currency: 'USD',
      status: 'active',
      purchasedAt: START,
      expiresAt: '2026-03-10T12:00:00.000Z',
      refundable: true,
    });
    const one = await h.request(`/api/credits/purchases/${receipt!.id}`, { token: await h.tokenFor(userId) });
    expect(PurchaseReplySchema.parse(await one.json()).purchase.transactionId).toBe(bought.transactionId);
    // Another member cannot read it.
    const foreign = await h.request(`/api/credits/purchases/${receipt!.id}`, {
      token: await h.tokenFor(newUserId()),
    });
    expect(foreign.status).toBe(404);
  });

  it('credits a transaction once however often and in whatever order its webhooks arrive', async () => {
    const userId = newUserId();
    const bought = await purchase(userId);
    const completed = bought.body();
    // Paddle retries a delivery it did not see answered, and sends paid, completed and updated for one transaction,
    // in no guaranteed order: completed first, then the same event again, then paid and updated afterwards.
    for (const body of [
      completed,
      completed,
      bought.body({ eventType: 'transaction.paid', status: 'paid' }),
      bought.body({ eventType: 'transaction.updated', status: 'completed' }),
      bought.body({ eventType: 'transaction.created', status: 'ready' }),
    ]) {
      expect((await sendWebhook(body)).status).toBe(200);
    }
    expect(await balanceOf(h.sql, userId)).toBe(150);
    expect(await grants(userId)).toHaveLength(1);
    const rows = await h.sql`select delta from ledger where user_id = ${userId} and reason = 'top_up'`;
    expect(rows.map((row) => row.delta)).toEqual([100]);
  });

  it('credits nothing before payment, and credits a paid event arriving before created', async () => {
    const userId = newUserId();
    expect((await me(userId)).credits).toBe(50);
    const bought = await purchase(userId);
    await sendWebhook(bought.body({ eventType: 'transaction.billed', status: 'billed' }));
    expect(await balanceOf(h.sql, userId)).toBe(50);
    await sendWebhook(bought.body({ eventType: 'transaction.paid', status: 'paid' }));
    await sendWebhook(bought.body({ eventType: 'transaction.created', status: 'draft' }));
    await sendWebhook(bought.body());
    expect(await balanceOf(h.sql, userId)).toBe(150);
  });

  it('ignores a forged or unsigned buyer, a subscription bill and an unknown price', async () => {
    const userId = newUserId();
    const victim = newUserId();
    const bought = await purchase(userId);
    const forged = bought.body({
      customData: { user_id: victim, pack_id: 'pack-100', signature: 'forged' },
      transactionId: 'txn_forged',
    });
    await sendWebhook(forged);
    await sendWebhook(bought.body({ customData: { user_id: userId }, transactionId: 'txn_unsigned' }));
    await sendWebhook(bought.body({ subscriptionId: 'sub_01', transactionId: 'txn_subscription' }));
    await sendWebhook(bought.body({ priceId: 'pri_unknown', transactionId: 'txn_unknown' }));
    expect(await h.sql`select 1 from credit_grants where user_id in (${userId}, ${victim})`).toHaveLength(0);
    // A body whose signature does not match is refused outright.
    const body = bought.body();
    const response = await h.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paddle-signature': signPaddleBody(body, 'wrong') },
      body,
    });
    expect(response.status).toBe(400);
  });
});

describe('burn order', () => {
  it('spends the plan credits first, then purchases oldest first', async () => {
    const userId = newUserId();
    const older = await buy(userId, 'pack-100');
    clock.advance(60_000);
    const newer = await buy(userId, 'pack-500');
    expect(await balanceOf(h.sql, userId)).toBe(650);

    for (let i = 0; i < 3; i += 1) await use(userId); // 60: the 50 plan credits, then 10 of the older pack
    expect(await me(userId)).toMatchObject({ credits: 590, plan_credits: 0, purchased_credits: 590 });
    expect(await grants(userId)).toEqual([
      expect.objectContaining({ transaction_id: older.transactionId, remaining: 90 }),
      expect.objectContaining({ transaction_id: newer.transactionId, remaining: 500 }),
    ]);

    for (let i = 0; i < 5; i += 1) await use(userId); // 100: the older pack's last 90, then 10 of the newer
    expect(await grants(userId)).toEqual([
      expect.objectContaining({ remaining: 0 }),
      expect.objectContaining({ remaining: 490 }),
    ]);
  });

  it('takes nothing from a pack for a use that failed (released and refunded)', async () => {
    const userId = newUserId();
    await buy(userId);
    const request = memberReserve(userId, 'text-to-speech'); // 30
    for (let i = 0; i < 2; i += 1) await use(userId, 'text-to-speech');
    expect((await reserveCredits({ ...h.deps, guestDailyBudgetPerTool: 10 }, request)).ok).toBe(true);
    await applyUsageEvent(h.deps, 'released', usageEventFor(request));
    expect(await me(userId)).toMatchObject({ credits: 90, plan_credits: 0, purchased_credits: 90 });
  });
});

describe('monthly reset and expiry', () => {
  it('resets only the plan credits: purchased credits are kept', async () => {
    const userId = newUserId();
    await buy(userId);
    for (let i = 0; i < 4; i += 1) await use(userId); // 80: 50 plan + 30 purchased
    expect(await me(userId)).toMatchObject({ credits: 70, plan_credits: 0, purchased_credits: 70 });

    clock.set('2025-04-10T12:00:00.000Z');
    expect(await me(userId)).toMatchObject({ credits: 120, plan_credits: 50, purchased_credits: 70 });
    const [reset] =
      await h.sql`select delta from ledger where user_id = ${userId} and reason = 'monthly_reset'`;
    expect(reset?.delta).toBe(50);
  });

  it('expires what is left of a pack 12 months after its purchase, not a day before', async () => {
    const userId = newUserId();
    await buy(userId);
    await use(userId, 'voice-isolator'); // 20 of the plan's 50

    clock.set('2026-03-10T11:59:59.000Z');
    await expirePurchasedCredits(h.deps);
    expect((await me(userId)).purchased_credits).toBe(100);

    clock.set('2026-03-10T12:00:00.000Z');
    await expirePurchasedCredits(h.deps);
    expect(await me(userId)).toMatchObject({ credits: 50, plan_credits: 50, purchased_credits: 0 });
    expect(await grants(userId)).toEqual([expect.objectContaining({ remaining: 0, status: 'expired' })]);
    const [expiry] =
      await h.sql`select delta from ledger where user_id = ${userId} and reason = 'top_up_expiry'`;
    expect(expiry?.delta).toBe(-100);
  });
});

describe('refunds', () => {
  it('refunds an unused pack within 3 days: Paddle returns the money and the grant leaves the balance', async () => {
    const userId = newUserId();
    const bought = await buy(userId);
    const [receipt] = await purchases(userId);
    clock.advance(3 * 24 * 60 * 60 * 1000);

    const response = await refund(userId, receipt!.id);
    expect(response.status).toBe(200);
    expect(PurchaseReplySchema.parse(await response.json()).purchase).toMatchObject({
      status: 'refunded',
      remaining: 0,
      refundable: false,
    });
    expect(h.paddle.refunds).toContain(bought.transactionId);
    expect(await me(userId)).toMatchObject({ credits: 50, purchased_credits: 0 });
    // A second click neither refunds nor takes credits again.
    expect((await refund(userId, receipt!.id)).status).toBe(409);
    expect(h.paddle.refunds.filter((id) => id === bought.transactionId)).toHaveLength(1);
  });

  it('refuses a pack that was partly spent, one older than 3 days and another member’s', async () => {
    const userId = newUserId();
    await buy(userId);
    for (let i = 0; i < 3; i += 1) await use(userId); // 60: 10 of it from the pack
    const [used] = await purchases(userId);
    const usedReply = await refund(userId, used!.id);
    expect(usedReply.status).toBe(409);
    expect(((await usedReply.json()) as { error: string }).error).toBe(
      'Only an unused credit pack can be refunded',
    );

    const other = newUserId();
    await buy(other);
    const [late] = await purchases(other);
    expect((await refund(userId, late!.id)).status).toBe(404);
    clock.advance(3 * 24 * 60 * 60 * 1000 + 1000);
    const lateReply = await refund(other, late!.id);
    expect(lateReply.status).toBe(409);
    expect(((await lateReply.json()) as { error: string }).error).toBe(
      'A credit pack can be refunded only within 3 days of its purchase',
    );
    expect(await balanceOf(h.sql, other)).toBe(150);
  });
});

describe('under concurrency', () => {
  it('keeps every invariant with spends and webhook replays racing', async () => {
    const members = [newUserId(), newUserId(), newUserId()];
    const bought = await Promise.all(members.map((userId) => purchase(userId, 'pack-100')));
    const tasks: Array<Promise<unknown>> = [];
    for (const [i, userId] of members.entries()) {
      const body = bought[i]!.body();
      // Each transaction delivered four times at once, as paid and completed, while the member spends.
      for (let k = 0; k < 4; k += 1) {
        tasks.push(
          sendWebhook(
            k % 2 === 0 ? body : bought[i]!.body({ eventType: 'transaction.paid', status: 'paid' }),
          ),
        );
      }
      for (let k = 0; k < 6; k += 1) {
        const request = memberReserve(userId, 'text-to-image');
        tasks.push(
          reserveCredits({ ...h.deps, guestDailyBudgetPerTool: 10 }, request).then((reply) =>
            reply.ok
              ? applyUsageEvent(h.deps, k % 3 === 0 ? 'released' : 'committed', usageEventFor(request))
              : undefined,
          ),
        );
      }
    }
    await Promise.all(tasks);
    for (const userId of members) {
      expect(await grants(userId)).toHaveLength(1);
      const [row] = await h.sql<{ total: number }[]>`
        select coalesce(sum(delta), 0)::int as total from ledger where user_id = ${userId} and reason = 'top_up'`;
      expect(row?.total).toBe(100);
    }
    await expectMoneyInvariants(h.sql);
  });
});
