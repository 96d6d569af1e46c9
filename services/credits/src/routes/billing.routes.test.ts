// Billing over HTTP: public config, Paddle webhooks signed like Paddle signs them (verified by the SDK), and
// changing plan and cancelling through a local server speaking Paddle's API.
import {
  BillingConfigReplySchema,
  ChangePlanReplySchema,
  CheckoutReplySchema,
  MeReplySchema,
} from '@act/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import {
  startCreditsHarness,
  newUserId,
  TEST_PADDLE_API_KEY,
  TEST_PRICES,
  TEST_WEBHOOK_SECRET,
  type CreditsHarness,
} from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import {
  signPaddleBody,
  subscriptionEventBody,
  type SubscriptionEventInput,
} from '../test-support/paddle-fake';

let h: CreditsHarness;
const clock = createManualClock('2025-07-01T12:00:00.000Z');
const periodEnd = new Date('2025-08-01T12:00:00.000Z');

beforeAll(async () => {
  h = await startCreditsHarness({ clock });
});
beforeEach(() => clock.set('2025-07-01T12:00:00.000Z'));
afterEach(async () => expectMoneyInvariants(h.sql));
afterAll(async () => h.close());

function sendWebhook(body: string, signature?: string) {
  return h.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'paddle-signature': signature } : {}) },
    body,
  });
}

/** The custom data credits signs for a member's checkout, as the shell passes it to Paddle.js. */
async function checkoutData(userId: string, plan = 'pro', cycle = 'monthly') {
  const response = await h.request('/api/billing/checkout', {
    method: 'POST',
    token: await h.tokenFor(userId),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plan, billing_cycle: cycle }),
  });
  expect(response.status).toBe(200);
  return CheckoutReplySchema.parse(await response.json()).custom_data;
}

/** Delivers a subscription event; `userId` is the member whose signed checkout data the subscription carries. */
async function deliver(input: Partial<SubscriptionEventInput> & { userId?: string; subscriptionId: string }) {
  const { userId, ...event } = input;
  const body = subscriptionEventBody({
    eventType: 'subscription.created',
    status: 'active',
    priceId: TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY,
    periodStartsAt: clock.now(),
    periodEndsAt: periodEnd,
    occurredAt: clock.now(),
    ...(userId ? { customData: await checkoutData(userId) } : {}),
    ...event,
  });
  const response = await sendWebhook(body, signPaddleBody(body, TEST_WEBHOOK_SECRET));
  expect(response.status).toBe(200);
  return body;
}

async function me(userId: string) {
  const response = await h.request('/api/credits/me', { token: await h.tokenFor(userId) });
  return MeReplySchema.parse(await response.json()).me;
}

async function accountRow(userId: string) {
  const [row] = await h.sql`select plan, credits, subscription_id, subscription_status, scheduled_plan,
    scheduled_action, scheduled_change_at from accounts where user_id = ${userId}`;
  return row;
}

function cancel(token: string, body: unknown) {
  return h.request('/api/billing/cancel', {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('GET /api/billing/config', () => {
  it('is public and gives the environment, client token and price ids per plan and cycle', async () => {
    const response = await h.request('/api/billing/config');
    const body = BillingConfigReplySchema.parse(await response.json());
    expect(body.config).toEqual({
      environment: 'sandbox',
      clientToken: 'test_client_token',
      prices: {
        pro: { monthly: 'pri_pro_monthly', yearly: 'pri_pro_yearly' },
        premium: { monthly: 'pri_premium_monthly', yearly: 'pri_premium_yearly' },
        ultimate: { monthly: 'pri_ultimate_monthly', yearly: 'pri_ultimate_yearly' },
      },
    });
    expect(JSON.stringify(body)).not.toContain(TEST_PADDLE_API_KEY);
    expect(JSON.stringify(body)).not.toContain(TEST_WEBHOOK_SECRET);
  });
});

describe('POST /api/billing/webhook', () => {
  it('answers 400 to a bad signature and changes nothing', async () => {
    const userId = newUserId();
    await me(userId);
    const body = subscriptionEventBody({
      eventType: 'subscription.created',
      subscriptionId: 'sub_forged',
      status: 'active',
      priceId: TEST_PRICES.PADDLE_PRICE_ULTIMATE_MONTHLY,
      customData: await checkoutData(userId, 'ultimate'),
    });
    const attempts = [
      sendWebhook(body),
      sendWebhook(body, signPaddleBody(body, 'not-the-secret')),
      sendWebhook(body, signPaddleBody(body.replace('sub_forged', 'sub_other'), TEST_WEBHOOK_SECRET)),
      sendWebhook(body, signPaddleBody(body, TEST_WEBHOOK_SECRET, new Date(Date.now() - 60_000))),
      sendWebhook(body, 'ts=garbage'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: 'Invalid webhook signature' });
    }
    expect(await accountRow(userId)).toMatchObject({ plan: 'free', credits: 50, subscription_id: null });
    expect(await h.sql`select 1 from processed_events where source = 'paddle'`).toHaveLength(0);
  });

  it('applies a new subscription at once with its allowance, once per event id', async () => {
    const userId = newUserId();
    await me(userId);
    const body = await deliver({ userId, subscriptionId: 'sub_created_1' });
    const redelivered = await sendWebhook(body, signPaddleBody(body, TEST_WEBHOOK_SECRET));
    expect(redelivered.status).toBe(200);
    expect(await me(userId)).toMatchObject({
      plan: 'pro',
      credits: 500,
      has_subscription: true,
      subscription_id: 'sub_created_1',
    });
    const changes =
      await h.sql`select delta from ledger where user_id = ${userId} and reason = 'plan_change'`;
    expect(changes).toEqual([{ delta: 450 }]);
  });

  it('upgrades at once and downgrades at the end of the paid period', async () => {
    const userId = newUserId();
    await deliver({ userId, subscriptionId: 'sub_updown' });
    clock.advance(60_000);
    await deliver({
      userId,
      subscriptionId: 'sub_updown',
      eventType: 'subscription.updated',
      priceId: TEST_PRICES.PADDLE_PRICE_PREMIUM_YEARLY,
    });
    expect(await accountRow(userId)).toMatchObject({ plan: 'premium', credits: 1500 });

    clock.advance(60_000);
    await deliver({ userId, subscriptionId: 'sub_updown', eventType: 'subscription.updated' });
    expect(await accountRow(userId)).toMatchObject({
      plan: 'premium',
      credits: 1500,
      scheduled_plan: 'pro',
      scheduled_action: 'downgrade',
      scheduled_change_at: periodEnd,
    });

    clock.set(periodEnd);
    expect(await me(userId)).toMatchObject({ plan: 'pro', credits: 500, has_subscription: true });
  });

  it('ignores an event older than the last one applied for the subscription', async () => {
    const userId = newUserId();
    await deliver({ userId, subscriptionId: 'sub_order', priceId: TEST_PRICES.PADDLE_PRICE_PREMIUM_MONTHLY });
    await deliver({
      userId,
      subscriptionId: 'sub_order',
      eventType: 'subscription.updated',
      priceId: TEST_PRICES.PADDLE_PRICE_ULTIMATE_MONTHLY,
      occurredAt: new Date(clock.now().getTime() - 3_600_000),
    });
    expect(await accountRow(userId)).toMatchObject({ plan: 'premium', credits: 1500 });
  });

  it('records past-due without changing the plan', async () => {
    const userId = newUserId();
    await deliver({ userId, subscriptionId: 'sub_pastdue' });
    clock.advance(1_000);
    await deliver({
      userId,
      subscriptionId: 'sub_pastdue',
      eventType: 'subscription.past_due',
      status: 'past_due',
    });
    expect(await accountRow(userId)).toMatchObject({
      plan: 'pro',
      credits: 500,
      subscription_status: 'past_due',
    });
  });

  it('applies a cancellation at the end of the billing period', async () => {
    const userId = newUserId();
    await deliver({ userId, subscriptionId: 'sub_cancel_hook' });
    clock.advance(1_000);
    await deliver({
      userId,
      subscriptionId: 'sub_cancel_hook',
      eventType: 'subscription.updated',
      scheduledChange: { action: 'cancel', effectiveAt: periodEnd },
    });
    expect(await accountRow(userId)).toMatchObject({
      plan: 'pro',
      scheduled_plan: 'free',
      scheduled_action: 'cancel',
    });

    clock.set(periodEnd);
    await deliver({
      userId,
      subscriptionId: 'sub_cancel_hook',
      eventType: 'subscription.canceled',
      status: 'canceled',
      periodEndsAt: null,
    });
    expect(await me(userId)).toMatchObject({ plan: 'free', credits: 50, has_subscription: false });
    const plans =
      await h.sql`select delta from ledger where user_id = ${userId} and reason = 'plan_change' order by id`;
    expect(plans).toEqual([{ delta: 450 }, { delta: -450 }]);
  });

  it('believes a user id in custom data only with the signature credits gave that member', async () => {
    const victim = newUserId();
    const buyer = newUserId();
    await me(victim);
    const own = await checkoutData(buyer);
    const claims = {
      'no signature': { user_id: victim, plan: 'pro', billing_cycle: 'monthly' },
      "the buyer's signature on the victim's id": { ...own, user_id: victim },
      'a made-up signature': { ...own, user_id: victim, signature: 'bm90LWEtc2lnbmF0dXJl' },
    };
    for (const [index, customData] of Object.values(claims).entries()) {
      await deliver({ subscriptionId: `sub_forged_claim_${index}`, customData });
    }
    expect(await accountRow(victim)).toMatchObject({ plan: 'free', credits: 50, subscription_id: null });
    expect(await h.sql`select 1 from accounts where user_id = ${buyer}`).toHaveLength(0);
  });

  it('keeps a known subscription with its linked account whatever its custom data names', async () => {
    const owner = newUserId();
    const other = newUserId();
    await me(other);
    await deliver({ userId: owner, subscriptionId: 'sub_linked' });
    clock.advance(60_000);
    // Even correctly signed data for another member does not move a subscription we already linked.
    await deliver({
      subscriptionId: 'sub_linked',
      eventType: 'subscription.updated',
      priceId: TEST_PRICES.PADDLE_PRICE_PREMIUM_MONTHLY,
      customData: await checkoutData(other),
    });
    expect(await accountRow(owner)).toMatchObject({ plan: 'premium', subscription_id: 'sub_linked' });
    expect(await accountRow(other)).toMatchObject({ plan: 'free', credits: 50, subscription_id: null });
  });

  it('hands out checkout data only to members, signed for their own id', async () => {
    const userId = newUserId();
    const data = await checkoutData(userId, 'premium', 'yearly');
    expect(data).toMatchObject({ user_id: userId, plan: 'premium', billing_cycle: 'yearly' });
    const anonymous = await h.request('/api/billing/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro', billing_cycle: 'monthly' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers 200 to events it does not act on', async () => {
    const body = JSON.stringify({
      event_id: 'evt_customer_1',
      event_type: 'customer.created',
      occurred_at: new Date().toISOString(),
      data: { id: 'ctm_1', email: 'a@example.com', status: 'active', custom_data: null, locale: 'en' },
    });
    const response = await sendWebhook(body, signPaddleBody(body, TEST_WEBHOOK_SECRET));
    expect(response.status).toBe(200);
  });
});

describe('POST /api/billing/cancel', () => {
  it('cancels the caller’s own subscription through Paddle at the next billing period', async () => {
    const userId = newUserId();
    await deliver({ userId, subscriptionId: 'sub_mine' });
    h.paddle.subscriptions.set('sub_mine', { endsAt: periodEnd });
    const before = h.paddle.requests.length;
    const response = await cancel(await h.tokenFor(userId), { subscription_id: 'sub_mine' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(h.paddle.requests.slice(before)).toEqual([
      {
        method: 'POST',
        path: '/subscriptions/sub_mine/cancel',
        authorization: `Bearer ${TEST_PADDLE_API_KEY}`,
        body: { effective_from: 'next_billing_period' },
      },
    ]);
    expect(await accountRow(userId)).toMatchObject({
      plan: 'pro',
      scheduled_plan: 'free',
      scheduled_action: 'cancel',
    });
    const twice = await cancel(await h.tokenFor(userId), { subscription_id: 'sub_mine' });
    expect(twice.status).toBe(200);
    expect(h.paddle.requests.length).toBe(before + 1);
    clock.set(periodEnd);
    expect(await me(userId)).toMatchObject({
      plan: 'free',
      credits: 50,
      has_subscription: false,
      subscription_id: null,
    });
  });

  it('refuses to cancel another member’s subscription with 403 and never calls Paddle', async () => {
    const owner = newUserId();
    const intruder = newUserId();
    await deliver({ userId: owner, subscriptionId: 'sub_owner' });
    await deliver({ userId: intruder, subscriptionId: 'sub_intruder' });
    h.paddle.subscriptions.set('sub_owner', { endsAt: periodEnd });
    const before = h.paddle.requests.length;
    const response = await cancel(await h.tokenFor(intruder), { subscription_id: 'sub_owner' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const stranger = await cancel(await h.tokenFor(newUserId()), { subscription_id: 'sub_owner' });
    expect(stranger.status).toBe(403);
    expect(h.paddle.requests.length).toBe(before);
    expect(await accountRow(owner)).toMatchObject({ plan: 'pro', scheduled_plan: null });
  });

  it("answers the spec's 'Failed to cancel subscription' when Paddle fails", async () => {
    const userId = newUserId();
    await deliver({ userId, subscriptionId: 'sub_paddle_down' });
    h.paddle.subscriptions.set('sub_paddle_down', { endsAt: periodEnd });
    h.paddle.failNextWith(500);
    const response = await cancel(await h.tokenFor(userId), {});
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ success: false, error: 'Failed to cancel subscription' });
    expect(await accountRow(userId)).toMatchObject({ scheduled_plan: null });
  });

  it('answers 404 when the member has no subscription, and 401 without a token', async () => {
    const response = await cancel(await h.tokenFor(newUserId()), {});
    expect(response.status).toBe(404);
    const anonymous = await h.request('/api/billing/cancel', { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/billing/change-plan', () => {
  function changePlan(token: string, body: unknown) {
    return h.request('/api/billing/change-plan', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** A member with a live Paddle subscription on `priceId`, known to both credits and the fake Paddle. */
  async function subscribed(subscriptionId: string, priceId: string) {
    const userId = newUserId();
    await deliver({ userId, subscriptionId, priceId });
    h.paddle.subscriptions.set(subscriptionId, { endsAt: periodEnd, priceId });
    clock.advance(1_000);
    return { userId, token: await h.tokenFor(userId) };
  }

  it('upgrades through Paddle with the new price, prorated now, and applies it when the webhook arrives', async () => {
    const { userId, token } = await subscribed('sub_up', TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY);
    const before = h.paddle.requests.length;
    const response = await changePlan(token, { plan: 'premium', billing_cycle: 'monthly' });
    expect(response.status).toBe(200);
    expect(ChangePlanReplySchema.parse(await response.json())).toEqual({
      success: true,
      change: 'upgrade',
      effectiveAt: null,
    });
    expect(h.paddle.requests.slice(before)).toEqual([
      {
        method: 'PATCH',
        path: '/subscriptions/sub_up',
        authorization: `Bearer ${TEST_PADDLE_API_KEY}`,
        body: {
          items: [{ price_id: TEST_PRICES.PADDLE_PRICE_PREMIUM_MONTHLY, quantity: 1 }],
          proration_billing_mode: 'prorated_immediately',
        },
      },
    ]);
    // Nothing changes here until Paddle confirms the payment with subscription.updated.
    expect(await me(userId)).toMatchObject({ plan: 'pro', credits: 500, scheduled_plan: null });

    await deliver({
      userId,
      subscriptionId: 'sub_up',
      eventType: 'subscription.updated',
      priceId: TEST_PRICES.PADDLE_PRICE_PREMIUM_MONTHLY,
    });
    expect(await me(userId)).toMatchObject({ plan: 'premium', credits: 1500, scheduled_plan: null });
  });

  it('downgrades without billing, scheduled for the end of the paid period and shown on /me', async () => {
    const { userId, token } = await subscribed('sub_down', TEST_PRICES.PADDLE_PRICE_PREMIUM_MONTHLY);
    const before = h.paddle.requests.length;
    const response = await changePlan(token, { plan: 'pro', billing_cycle: 'monthly' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      change: 'downgrade',
      effectiveAt: periodEnd.toISOString(),
    });
    const calls = h.paddle.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /subscriptions/sub_down',
      'PATCH /subscriptions/sub_down',
    ]);
    expect(calls[1]!.body).toEqual({
      items: [{ price_id: TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY, quantity: 1 }],
      proration_billing_mode: 'do_not_bill',
    });
    const scheduled = {
      plan: 'premium',
      credits: 1500,
      scheduled_plan: 'pro',
      scheduled_change_at: periodEnd.toISOString(),
    };
    expect(await me(userId)).toMatchObject(scheduled);

    // Paddle's webhook for the new price confirms the same schedule; a second click calls Paddle no more.
    await deliver({ userId, subscriptionId: 'sub_down', eventType: 'subscription.updated' });
    expect(await me(userId)).toMatchObject(scheduled);
    const again = await changePlan(token, { plan: 'pro', billing_cycle: 'monthly' });
    expect(again.status).toBe(200);
    expect(h.paddle.requests.length).toBe(before + 2);

    clock.set(periodEnd);
    expect(await me(userId)).toMatchObject({ plan: 'pro', credits: 500, scheduled_plan: null });
  });

  it('keeps the billing cycle on a downgrade and changes nothing when asked to switch it', async () => {
    const { userId, token } = await subscribed('sub_down_cycle', TEST_PRICES.PADDLE_PRICE_ULTIMATE_MONTHLY);
    const before = h.paddle.requests.length;
    const response = await changePlan(token, { plan: 'pro', billing_cycle: 'yearly' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: 'A downgrade keeps your current billing cycle. Choose the monthly price to downgrade.',
    });
    expect(h.paddle.requests.slice(before).map((c) => c.method)).toEqual(['GET']);
    expect(await accountRow(userId)).toMatchObject({ plan: 'ultimate', scheduled_plan: null });
  });

  it('answers 400 without a subscription and never calls Paddle; 401 without a token', async () => {
    await subscribed('sub_someone', TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY);
    const userId = newUserId();
    const before = h.paddle.requests.length;
    const response = await changePlan(await h.tokenFor(userId), {
      plan: 'premium',
      billing_cycle: 'monthly',
      subscription_id: 'sub_someone',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: 'No active subscription to change',
    });
    expect(h.paddle.requests.length).toBe(before);
    expect(await accountRow(userId)).toMatchObject({ plan: 'free', credits: 50, subscription_id: null });
    const anonymous = await h.request('/api/billing/change-plan', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'premium', billing_cycle: 'monthly' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('only ever changes the caller’s own subscription', async () => {
    const owner = await subscribed('sub_owner_plan', TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY);
    const intruder = await subscribed('sub_intruder_plan', TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY);
    const before = h.paddle.requests.length;
    const response = await changePlan(intruder.token, {
      plan: 'ultimate',
      billing_cycle: 'monthly',
      subscription_id: 'sub_owner_plan',
    });
    expect(response.status).toBe(200);
    expect(h.paddle.requests.slice(before).map((c) => c.path)).toEqual(['/subscriptions/sub_intruder_plan']);
    expect(h.paddle.subscriptions.get('sub_owner_plan')?.priceId).toBe(TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY);
    expect(await accountRow(owner.userId)).toMatchObject({ plan: 'pro', scheduled_plan: null });
  });

  it("answers 502 with the spec's 'Failed to start subscription process' when Paddle fails, changing nothing", async () => {
    const { userId, token } = await subscribed('sub_change_down', TEST_PRICES.PADDLE_PRICE_PREMIUM_MONTHLY);
    for (const plan of ['ultimate', 'pro'] as const) {
      h.paddle.failNextWith(500);
      const response = await changePlan(token, { plan, billing_cycle: 'monthly' });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({
        success: false,
        error: 'Failed to start subscription process',
      });
    }
    expect(h.paddle.subscriptions.get('sub_change_down')?.priceId).toBe(
      TEST_PRICES.PADDLE_PRICE_PREMIUM_MONTHLY,
    );
    expect(await accountRow(userId)).toMatchObject({ plan: 'premium', credits: 1500, scheduled_plan: null });
  });

  it('refuses the current plan and a subscription already cancelled for the period end', async () => {
    const { token } = await subscribed('sub_same', TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY);
    const same = await changePlan(token, { plan: 'pro', billing_cycle: 'yearly' });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ error: 'You are already on this plan' });

    const ending = await subscribed('sub_ending', TEST_PRICES.PADDLE_PRICE_PRO_MONTHLY);
    expect((await cancel(ending.token, {})).status).toBe(200);
    const before = h.paddle.requests.length;
    const response = await changePlan(ending.token, { plan: 'premium', billing_cycle: 'monthly' });
    expect(response.status).toBe(409);
    expect(h.paddle.requests.length).toBe(before);
  });
});
