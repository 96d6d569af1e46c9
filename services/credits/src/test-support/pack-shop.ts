// A member's side of credit packs over HTTP, for tests: signed checkout data, Paddle's signed webhooks for its
// transaction (sent with the test secret), the member's balance and purchases, and a refund click.
import { randomUUID } from 'node:crypto';
import { MeReplySchema, PackCheckoutReplySchema, PurchasesReplySchema } from '@act/contracts';
import { expect } from 'vitest';
import type { Clock } from '../clock';
import { TEST_PACK_PRICES, TEST_WEBHOOK_SECRET, type CreditsHarness } from './harness';
import { signPaddleBody, transactionEventBody, type TransactionEventInput } from './paddle-fake';

export type TestPackId = keyof typeof TEST_PACK_PRICES;

export interface PackPurchase {
  transactionId: string;
  /** One of Paddle's webhooks for the purchase's transaction (`transaction.completed` unless overridden). */
  body: (input?: Partial<TransactionEventInput>) => string;
}

/** `harness` is read at each call, so a test file can make its shop before `beforeAll` starts the harness. */
export function packShop(harness: () => CreditsHarness, clock: Clock) {
  function sendWebhook(body: string) {
    return harness().request('/api/billing/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paddle-signature': signPaddleBody(body, TEST_WEBHOOK_SECRET),
      },
      body,
    });
  }

  /** The custom data credits signs for the member's pack checkout, as the shell hands it to Paddle.js. */
  async function packCheckout(userId: string, packId: TestPackId) {
    const response = await harness().request('/api/credits/packs/checkout', {
      method: 'POST',
      token: await harness().tokenFor(userId),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ packId }),
    });
    expect(response.status).toBe(200);
    return PackCheckoutReplySchema.parse(await response.json()).custom_data;
  }

  /** A checkout of `packId` by the member; nothing is credited until one of its webhooks is sent. */
  async function purchase(userId: string, packId: TestPackId = 'pack-100'): Promise<PackPurchase> {
    const customData = await packCheckout(userId, packId);
    const transactionId = `txn_${randomUUID().replace(/-/g, '')}`;
    return {
      transactionId,
      body: (input = {}) =>
        transactionEventBody({
          eventType: 'transaction.completed',
          transactionId,
          status: 'completed',
          priceId: TEST_PACK_PRICES[packId],
          customData,
          occurredAt: clock.now(),
          billedAt: clock.now(),
          ...input,
        }),
    };
  }

  /** A purchase and its signed `transaction.completed`: the member's credits arrive. */
  async function buy(userId: string, packId: TestPackId = 'pack-100'): Promise<PackPurchase> {
    const bought = await purchase(userId, packId);
    expect((await sendWebhook(bought.body())).status).toBe(200);
    return bought;
  }

  async function me(userId: string) {
    const response = await harness().request('/api/credits/me', { token: await harness().tokenFor(userId) });
    return MeReplySchema.parse(await response.json()).me;
  }

  async function purchases(userId: string) {
    const response = await harness().request('/api/credits/purchases', {
      token: await harness().tokenFor(userId),
    });
    return PurchasesReplySchema.parse(await response.json()).purchases;
  }

  async function refund(userId: string, purchaseId: string) {
    const token = await harness().tokenFor(userId);
    return harness().request(`/api/credits/purchases/${purchaseId}/refund`, { method: 'POST', token });
  }

  return { sendWebhook, packCheckout, purchase, buy, me, purchases, refund };
}
