// A credit pack bought in Chromium against the running system (issue 26): the member presses Buy on the
// Subscription tab, Paddle.js (a stand-in served for Paddle's CDN) opens checkout with the custom data credits signed,
// Paddle's signed webhook for that transaction arrives (twice, as Paddle retries), and the member sees the balance
// split on Overview, the top-up in the ledger with the balance after it, and opens its printable receipt.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signPaddleBody, transactionEventBody } from '@act/credits/testing';
import { seriousA11yViolations, screenshot, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';
import { E2E_PADDLE } from './support/system';

/**
 * Paddle.js v2 as the shell loads it (window.PaddleBillingV1 from Paddle's CDN), reduced to what checkout needs:
 * Checkout.open records what it was given, as the real overlay would take it to Paddle.
 */
const FAKE_PADDLE_JS = `
window.__checkouts = [];
window.PaddleBillingV1 = {
  Initialized: false,
  Environment: { set() {} },
  Initialize() { this.Initialized = true; },
  Update() {},
  Checkout: { open(options) { window.__checkouts.push(options); } },
};`;

interface OpenedCheckout {
  items: Array<{ priceId: string; quantity: number }>;
  customData: Record<string, unknown>;
}

async function servePaddleJs(page: Page): Promise<void> {
  await page.route('https://cdn.paddle.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_PADDLE_JS }),
  );
}

describe('credit top-up', () => {
  const browser = useBrowser();

  it('buys a pack through Paddle, then sees it in balance, ledger and receipt', async () => {
    const page = await browser.newPage();
    await servePaddleJs(page);
    await signUp(page, uniqueEmail('topup'));

    await goto(page, '/dashboard?view=account&tab=subscription');
    const buy = page.getByRole('button', { name: 'Buy: 100 credits pack' });
    await buy.waitFor();
    // Paddle.js loads after the tab opens; a click before it is ready only says so, so click until it opens.
    await expect
      .poll(
        async () => {
          await buy.click();
          return page.evaluate(() => (window as unknown as { __checkouts: unknown[] }).__checkouts.length);
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    const [checkout] = await page.evaluate(
      () => (window as unknown as { __checkouts: OpenedCheckout[] }).__checkouts,
    );
    expect(checkout!.items).toEqual([{ priceId: E2E_PADDLE.packPriceIds['pack-100'], quantity: 1 }]);
    expect(checkout!.customData).toMatchObject({ pack_id: 'pack-100', signature: expect.any(String) });

    // Paddle takes the payment and calls the webhook with the checkout's custom data; it retries the same event.
    const transactionId = `txn_${randomUUID().replace(/-/g, '')}`;
    const body = transactionEventBody({
      eventType: 'transaction.completed',
      transactionId,
      status: 'completed',
      priceId: E2E_PADDLE.packPriceIds['pack-100'],
      customData: checkout!.customData,
      totalCents: 500,
    });
    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await page.request.post('/api/billing/webhook', {
        headers: {
          'content-type': 'application/json',
          'paddle-signature': signPaddleBody(body, E2E_PADDLE.webhookSecret),
        },
        data: body,
      });
      expect(response.status()).toBe(200);
    }

    // The balance is the sum; Overview shows the split.
    await goto(page, '/dashboard?view=account&tab=overview');
    expect(await page.getByTestId('credit-balance').first().textContent()).toBe('150 credits');
    expect(await page.getByTestId('plan-credits').textContent()).toBe('50');
    expect(await page.getByTestId('purchased-credits').textContent()).toBe('100');

    // The ledger has the top-up once, with the balance after it, and links its receipt.
    await goto(page, '/dashboard?view=account&tab=usage');
    const topUp = page.getByTestId('ledger-row').filter({ hasText: 'Credit pack' });
    await topUp.waitFor();
    expect(await topUp.count()).toBe(1);
    expect(await topUp.locator('td').nth(2).textContent()).toBe('+100');
    expect(await topUp.locator('td').nth(3).textContent()).toBe('150');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'credit-history');

    await topUp.getByRole('link', { name: 'Receipt' }).click();
    await page.getByRole('heading', { name: 'Receipt' }).waitFor();
    expect(await page.getByTestId('receipt-transaction').textContent()).toBe(transactionId);
    expect(await page.getByTestId('receipt-amount').textContent()).toBe('$5.00');
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'receipt');
  });
});
