// Deep Search by address (docs/product-rules.md#resume) in Chromium against the running system (local fake search and
// provider, as in deep-search.e2e.test.ts): a research run puts its session in the address; reloading while the report
// is being written reopens it from the address and follows it live to its end, charged once; another member with the
// address reaches nothing.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEEP_SEARCH_TEXTS, ERROR_TEXTS } from '@act/contracts';
import { uniqueEmail } from './support/browser';
import { SLOW_WORD } from './support/fake-provider';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = DEEP_SEARCH_TEXTS;

async function balance(page: Page): Promise<string | null> {
  return page.getByTestId('credit-balance').textContent();
}

describe('Deep Search by address', () => {
  const browser = useBrowser();

  it('a reload mid-report reopens it from the address and follows it to its end', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('deep-address'));
    await goto(page, '/tools/deep-search');
    const question = `Why are there tides, ${SLOW_WORD}?`;
    await page.getByLabel(T.questionLabel).fill(question);
    await page.getByRole('button', { name: T.research(4) }).click();
    await page.waitForURL(/\?session=/, { timeout: 15_000 });
    const address = new URL(page.url());
    await page
      .getByRole('list', { name: T.stepsLabel })
      .getByText(T.steps.writing)
      .waitFor({ timeout: 30_000 });

    await page.reload({ waitUntil: 'domcontentloaded' });
    const report = page.getByRole('article', { name: T.reportLabel });
    await report.getByRole('heading', { name: question }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('session')).toBe(address.searchParams.get('session'));
    // Followed to its end: the finished report's actions appear without another reload, and it was charged once.
    await page.getByRole('button', { name: T.copy }).waitFor({ timeout: 30_000 });
    expect(await report.getByText(T.sourcesRead).count()).toBe(1);
    await expect.poll(() => balance(page), { timeout: 15_000 }).toBe('46 credits');

    const stranger = await browser.newPage({ width: 1280, height: 900 });
    await signUp(stranger, uniqueEmail('deep-address-stranger'));
    await goto(stranger, address.pathname + address.search);
    await stranger.getByText(ERROR_TEXTS.server.notFound).waitFor({ timeout: 15_000 });
    expect(await stranger.getByRole('article', { name: T.reportLabel }).count()).toBe(0);
  });
});
