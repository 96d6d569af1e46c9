// A deleted account at credits (docs/architecture.md#member-deletion), against the local server speaking Paddle's API:
// the paid subscription is cancelled at Paddle first (a Paddle failure changes nothing and is retried), the member's
// e-mail and other non-accounting rows go, the ledger stays keyed by the user id (money invariants intact), another
// member is untouched, and a second run calls Paddle no more.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '@act/service-kit/testing';
import { createManualClock } from './clock';
import { deleteCreditsMember } from './domain/member-deletion';
import {
  newUserId,
  startCreditsHarness,
  TEST_PRICES,
  TEST_WEBHOOK_SECRET,
  type CreditsHarness,
} from './test-support/harness';
import { expectMoneyInvariants } from './test-support/money-invariants';
import { signPaddleBody, subscriptionEventBody } from './test-support/paddle-fake';

let h: CreditsHarness;
const clock = createManualClock('2025-07-01T12:00:00.000Z');
const periodEnd = new Date('2025-08-01T12:00:00.000Z');

beforeAll(async () => {
  h = await startCreditsHarness({ clock });
});
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h?.close());

/** A member on the paid plan through a Paddle subscription, with an e-mail credits keeps for support. */
async function subscribedMember(subscriptionId: string): Promise<string> {
  const userId = newUserId();
  const checkout = await h.request('/api/billing/checkout', {
    method: 'POST',
    token: await h.tokenFor(userId),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan: 'pro', billing_cycle: 'monthly' }),
  });
  const { custom_data: customData } = (await checkout.json()) as { custom_data: Record<string, string> };
  const body = subscriptionEventBody({
    eventType: 'subscription.created',
    status: 'active',
    subscriptionId,
    priceId: TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY,
    periodStartsAt: clock.now(),
    periodEndsAt: periodEnd,
    occurredAt: clock.now(),
    customData,
  });
  const delivered = await h.request('/api/billing/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paddle-signature': signPaddleBody(body, TEST_WEBHOOK_SECRET),
    },
    body,
  });
  expect(delivered.status).toBe(200);
  h.paddle.subscriptions.set(subscriptionId, { endsAt: periodEnd });
  await h.deps.store.recordMemberEmail(userId, `${userId}@example.com`, clock.now());
  return userId;
}

const deletion = () => ({ ...h.deps, logger: silentLogger() });

async function holdings(userId: string) {
  const [row] = await h.sql<Array<{ emails: number; ledger: number; scheduled: string | null }>>`
    select
      (select count(*)::int from member_emails where user_id = ${userId}) as emails,
      (select count(*)::int from ledger where user_id = ${userId}) as ledger,
      (select scheduled_action from accounts where user_id = ${userId}) as scheduled`;
  return row!;
}

const cancelCalls = (subscriptionId: string) =>
  h.paddle.requests.filter((request) => request.path === `/subscriptions/${subscriptionId}/cancel`).length;

describe('deleting a member at credits', () => {
  it('cancels the subscription at Paddle first, then drops the e-mail and keeps the ledger', async () => {
    const leaving = await subscribedMember('sub_deleted_member');
    const staying = await subscribedMember('sub_staying_member');
    const ledgerBefore = (await holdings(leaving)).ledger;
    expect(ledgerBefore).toBeGreaterThan(0);

    await deleteCreditsMember(deletion(), leaving);

    expect(cancelCalls('sub_deleted_member')).toBe(1);
    expect(await holdings(leaving)).toEqual({ emails: 0, ledger: ledgerBefore, scheduled: 'cancel' });
    const [ledgerEmails] = await h.sql<Array<{ count: number }>>`
      select count(*)::int as count from ledger where user_id = ${leaving} and idempotency_key like '%@%'`;
    expect(ledgerEmails!.count).toBe(0);

    // Another member: still subscribed, still findable by support.
    expect(cancelCalls('sub_staying_member')).toBe(0);
    expect(await holdings(staying)).toMatchObject({ emails: 1, scheduled: null });

    // A redelivery: the cancellation is recorded, Paddle is not called again.
    await deleteCreditsMember(deletion(), leaving);
    expect(cancelCalls('sub_deleted_member')).toBe(1);
  });

  it('changes nothing when Paddle fails, so the retry cancels before deleting', async () => {
    const leaving = await subscribedMember('sub_paddle_down');
    h.paddle.subscriptions.delete('sub_paddle_down');
    const paddle = {
      ...h.deps.paddle,
      cancelSubscription: () => Promise.reject(new Error('Paddle unavailable')),
    };

    await expect(deleteCreditsMember({ ...deletion(), paddle }, leaving)).rejects.toThrow();
    expect(await holdings(leaving)).toMatchObject({ emails: 1, scheduled: null });

    h.paddle.subscriptions.set('sub_paddle_down', { endsAt: periodEnd });
    await deleteCreditsMember(deletion(), leaving);
    expect(cancelCalls('sub_paddle_down')).toBe(1);
    expect(await holdings(leaving)).toMatchObject({ emails: 0, scheduled: 'cancel' });
  });

  it('deletes a free member without calling Paddle', async () => {
    const userId = newUserId();
    await h.request('/api/credits/me', { token: await h.tokenFor(userId) });
    await h.deps.store.recordMemberEmail(userId, `${userId}@example.com`, clock.now());
    const before = h.paddle.requests.length;
    await deleteCreditsMember(deletion(), userId);
    expect(h.paddle.requests.length).toBe(before);
    expect((await holdings(userId)).emails).toBe(0);
  });
});
