// Deep Search (issue 24) in Chromium against the running system: the chat service searches a local fake SearXNG
// whose results are its own pages on 127.0.0.1 (the e2e system lets chat read loopback pages; production never does),
// and the local fake provider plans and writes. A member asks a question, sees the steps stream (planning, searching,
// reading the host, writing), gets a report whose citations open the exact pages read and pays 4 once; Stop while the
// report is being written is free; a tab closed mid-report still finds the saved report in the history, charged once.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEEP_SEARCH_TEXTS } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { SLOW_WORD } from './support/fake-provider';
import { goto, signUp, useBrowser } from './support/fixtures';
import { expectSingleUsageEntry } from './support/usage-history';

const T = DEEP_SEARCH_TEXTS;

async function balance(page: Page): Promise<string | null> {
  return page.getByTestId('credit-balance').textContent();
}

async function ask(page: Page, question: string) {
  await goto(page, '/tools/deep-search');
  await page.getByLabel(T.questionLabel).fill(question);
  await page.getByRole('button', { name: T.research(4) }).click();
}

describe('Deep Search', () => {
  const browser = useBrowser();

  it('streams its steps and writes a report whose citations open the pages read, charged 4 once', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('deep'));
    await ask(page, 'Why are there tides?');
    const steps = page.getByRole('list', { name: T.stepsLabel });
    await steps.getByText(T.steps.planning).waitFor({ timeout: 15_000 });
    await steps.getByText(/Searching “why tides happen”/).waitFor({ timeout: 15_000 });
    await steps
      .getByText(/Reading 127\.0\.0\.1:\d+/)
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: T.copy }).waitFor({ timeout: 30_000 });

    const report = page.getByRole('article', { name: T.reportLabel });
    const cite = report.getByRole('link', { name: /^Source 1: / });
    expect(await cite.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pages\/(tides|moon)$/);
    expect(await report.getByText(T.sourcesRead).count()).toBe(1);
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBe('46 credits');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'deep-search-report');

    // The citation opens the exact page read.
    const [opened] = await Promise.all([page.context().waitForEvent('page'), cite.click()]);
    await opened!.waitForLoadState();
    expect(opened!.url()).toBe(await cite.getAttribute('href'));
    await opened!.close();
    await expectSingleUsageEntry(page, { tool: 'Deep Search', cost: '4 credits', balance: '46 credits' });
  });

  it('Stop while writing stops the report and charges nothing', async () => {
    const page = await browser.newPage();
    await signUp(page, uniqueEmail('deep-stop'));
    await ask(page, `Why are there tides, ${SLOW_WORD}?`);
    await page
      .getByRole('list', { name: T.stepsLabel })
      .getByText(T.steps.writing)
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: T.stop }).click();
    await page.getByText(T.stopped).waitFor({ timeout: 15_000 });
    expect(await balance(page)).toBe('50 credits');
    await page.reload();
    await expect.poll(() => balance(page), { timeout: 10_000 }).toBe('50 credits');
    await goto(page, '/dashboard?view=account&tab=usage');
    await page.locator('.sh-usage, .sh-empty').first().waitFor();
    // No use is listed (the ledger below shows the hold and its refund, which net to nothing).
    expect(await page.getByTestId('usage-row').filter({ hasText: 'Deep Search' }).count()).toBe(0);
  });

  it('a tab closed mid-report still finds the saved report in the history, charged once', async () => {
    const page = await browser.newPage();
    await signUp(page, uniqueEmail('deep-closed'));
    const context = page.context();
    await ask(page, `How do tides work, ${SLOW_WORD}?`);
    await page
      .getByRole('list', { name: T.stepsLabel })
      .getByText(T.steps.writing)
      .waitFor({ timeout: 30_000 });
    await page.close();

    const again = await context.newPage();
    await goto(again, '/tools/deep-search');
    await again.getByText(`How do tides work, ${SLOW_WORD}?`).first().click();
    await again.getByRole('button', { name: T.copy }).waitFor({ timeout: 30_000 });
    await expect.poll(() => balance(again), { timeout: 15_000 }).toBe('46 credits');
    await expectSingleUsageEntry(again, { tool: 'Deep Search', cost: '4 credits', balance: '46 credits' });
  });
});
