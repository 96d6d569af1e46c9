// Pack refunds as a state machine, against the Paddle fake (slow, failing, approving later) on real PostgreSQL:
// whatever Paddle does and whenever it answers, a refund Paddle accepted takes the pack's credits exactly once, one
// it refused gives them back, Paddle is asked once per refund however often the member clicks, and no member waits
// on another's refund. The money invariants hold after each test (docs/charges.md#pack-refunds).
import { CREDIT_PACK_TEXTS, PurchaseReplySchema } from '@act/contracts';
import { waitUntil } from '@act/service-kit/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { packShop } from '../test-support/pack-shop';
import { adjustmentEventBody } from '../test-support/paddle-fake-adjustments';
import { openRefund, reconcilePackRefunds, REFUND_RECHECK_MS } from './pack-refunds';

const T = CREDIT_PACK_TEXTS.errors;
let h: CreditsHarness;
let releaseAnswers: (() => void) | undefined;
const START = '2025-03-10T12:00:00.000Z';
const clock = createManualClock(START);
const shop = packShop(() => h, clock);

beforeAll(async () => {
  // A short client timeout: a Paddle slower than it is one whose answers the tests hold back.
  h = await startCreditsHarness({ clock, workers: false, paddleTimeoutMs: 1000 });
});
beforeEach(() => {
  clock.set(START);
  h.paddle.refundStatus = 'approved';
});
afterEach(async () => {
  releaseAnswers?.();
  releaseAnswers = undefined;
  await expectMoneyInvariants(h.sql);
});
afterAll(async () => h.close());

async function boughtPack() {
  const userId = newUserId();
  const { transactionId } = await shop.buy(userId);
  const [purchase] = await shop.purchases(userId);
  return { userId, transactionId, purchaseId: purchase!.id };
}

async function errorOf(response: Response) {
  return { status: response.status, error: ((await response.json()) as { error: string }).error };
}

function postsFor(transactionId: string) {
  return h.paddle.refunds.filter((id) => id === transactionId).length;
}

/** The reconciler's next run, once the refund has waited long enough to be asked about. */
function reconcileLater() {
  clock.advance(REFUND_RECHECK_MS + 1000);
  return reconcilePackRefunds(h.deps);
}

describe('Paddle answering late', () => {
  it('takes the credits at once, refuses a second click without asking Paddle, and settles once Paddle is asked', async () => {
    const { userId, transactionId, purchaseId } = await boughtPack();
    releaseAnswers = h.paddle.holdRefundAnswers();

    const first = await shop.refund(userId, purchaseId);
    expect(first.status).toBe(200);
    expect(PurchaseReplySchema.parse(await first.json()).purchase).toMatchObject({
      status: 'refunding',
      refundable: false,
    });
    expect(await shop.me(userId)).toMatchObject({ credits: 50, purchased_credits: 0 });

    releaseAnswers();
    expect(await errorOf(await shop.refund(userId, purchaseId))).toEqual({
      status: 409,
      error: T.refundInProgress,
    });
    expect(postsFor(transactionId)).toBe(1);

    expect(await reconcileLater()).toBe(1);
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'refunded', remaining: 0 });
    expect(await shop.me(userId)).toMatchObject({ credits: 50 });
    expect(postsFor(transactionId)).toBe(1);
  });

  it('asks Paddle again only when it never got the request, and Paddle refunds once', async () => {
    const { userId, transactionId, purchaseId } = await boughtPack();
    h.paddle.failNextWith(503);
    expect(
      PurchaseReplySchema.parse(await (await shop.refund(userId, purchaseId)).json()).purchase.status,
    ).toBe('refunding');
    expect(await shop.me(userId)).toMatchObject({ credits: 50 });

    expect(await reconcileLater()).toBe(1);
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'refunded' });
    expect(h.paddle.adjustments.filter((adj) => adj.transactionId === transactionId)).toHaveLength(1);
  });

  it('finishes a refund Paddle approved before credits could record it (a restart in between)', async () => {
    const { userId, transactionId, purchaseId } = await boughtPack();
    const refund = await openRefund(h.deps, { userId, purchaseId });
    await h.deps.paddle.refundTransaction(refund.transaction_id, 'asked, then credits stopped');

    expect(await reconcileLater()).toBe(1);
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'refunded' });
    expect(await shop.me(userId)).toMatchObject({ credits: 50 });
    expect(postsFor(transactionId)).toBe(1);
  });
});

describe('Paddle refusing', () => {
  it('gives the credits back and tells the member, and the pack can be refunded again', async () => {
    const { userId, purchaseId } = await boughtPack();
    h.paddle.failNextWith(400);
    expect(await errorOf(await shop.refund(userId, purchaseId))).toEqual({
      status: 502,
      error: T.refundRefused,
    });
    expect(await shop.me(userId)).toMatchObject({ credits: 150, purchased_credits: 100 });
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'active', refundable: true });

    expect((await shop.refund(userId, purchaseId)).status).toBe(200);
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'refunded' });
    expect(await shop.me(userId)).toMatchObject({ credits: 50 });
  });
});

describe('adjustment webhooks', () => {
  it('finishes an approved refund once, however often and in whatever order its events arrive', async () => {
    h.paddle.refundStatus = 'pending_approval';
    const { userId, transactionId, purchaseId } = await boughtPack();
    await shop.refund(userId, purchaseId);
    const adjustment = h.paddle.adjustments.find((adj) => adj.transactionId === transactionId)!;
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'refunding' });

    const approved = adjustmentEventBody('adjustment.updated', { ...adjustment, status: 'approved' });
    expect((await shop.sendWebhook(approved)).status).toBe(200);
    expect((await shop.sendWebhook(approved)).status).toBe(200);
    expect((await shop.sendWebhook(adjustmentEventBody('adjustment.created', adjustment))).status).toBe(200);
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'refunded' });
    expect(await shop.me(userId)).toMatchObject({ credits: 50 });
  });

  it('gives the credits back when Paddle rejects the refund, once', async () => {
    h.paddle.refundStatus = 'pending_approval';
    const { userId, transactionId, purchaseId } = await boughtPack();
    await shop.refund(userId, purchaseId);
    expect(await shop.me(userId)).toMatchObject({ credits: 50 });
    const adjustment = h.paddle.adjustments.find((adj) => adj.transactionId === transactionId)!;

    const rejected = adjustmentEventBody('adjustment.updated', { ...adjustment, status: 'rejected' });
    expect((await shop.sendWebhook(rejected)).status).toBe(200);
    expect((await shop.sendWebhook(rejected)).status).toBe(200);
    expect(await shop.me(userId)).toMatchObject({ credits: 150, purchased_credits: 100 });
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'active', refundable: true });
  });

  it('refuses an adjustment event whose signature is wrong', async () => {
    h.paddle.refundStatus = 'pending_approval';
    const { userId, transactionId, purchaseId } = await boughtPack();
    await shop.refund(userId, purchaseId);
    const adjustment = h.paddle.adjustments.find((adj) => adj.transactionId === transactionId)!;
    const response = await h.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paddle-signature': 'ts=1;h1=00' },
      body: adjustmentEventBody('adjustment.updated', { ...adjustment, status: 'rejected' }),
    });
    expect(response.status).toBe(400);
    expect((await shop.purchases(userId))[0]).toMatchObject({ status: 'refunding' });
  });
});

describe('many clicks while Paddle is slow', () => {
  it('asks Paddle once, refuses the other clicks at once, and serves another member meanwhile', async () => {
    const { userId, transactionId, purchaseId } = await boughtPack();
    const other = newUserId();
    await shop.buy(other);
    releaseAnswers = h.paddle.holdRefundAnswers();
    const answered: string[] = [];

    const clicks = Array.from({ length: 12 }, async () => {
      const response = await shop.refund(userId, purchaseId);
      answered.push(`click ${response.status}`);
      return response.status;
    });
    await waitUntil(
      () => postsFor(transactionId),
      (posts) => posts > 0,
      { what: 'Paddle asked' },
    );
    expect(await shop.me(other)).toMatchObject({ credits: 150 });
    answered.push('other member');
    const statuses = await Promise.all(clicks);

    // The other member was answered while the click that asked Paddle was still waiting for it: only the refused
    // clicks (answered at once, without Paddle) came before.
    const before = answered.slice(0, answered.indexOf('other member'));
    expect(before.filter((entry) => entry !== 'click 409')).toEqual([]);
    expect(statuses.sort()).toEqual([200, ...Array<number>(11).fill(409)]);
    expect(postsFor(transactionId)).toBe(1);

    releaseAnswers();
    expect(await reconcileLater()).toBe(1);
    expect(await shop.me(userId)).toMatchObject({ credits: 50 });
  });
});
