// Usage History checks shared by the specs: usage is recorded from the usage event stream, so the page is reloaded
// until the single expected entry shows, then its cells and the header balance are compared.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { goto } from './fixtures';

export interface ExpectedUsage {
  /** The tool's display name in the first cell, e.g. 'Magic Enhance'. */
  tool: string;
  /** The cost cell, e.g. '1 credit'. */
  cost: string;
  /** The header balance after the use, e.g. '49 credits'. */
  balance: string;
}

/** Opens Usage History and expects exactly one entry, once the usage event has been consumed. */
export async function expectSingleUsageEntry(page: Page, expected: ExpectedUsage): Promise<void> {
  await expect
    .poll(
      async () => {
        await goto(page, '/dashboard?view=account&tab=usage');
        await page.getByRole('tab', { name: 'Usage History', selected: true }).waitFor();
        await page.locator('.sh-usage, .sh-empty').first().waitFor();
        return page.getByTestId('usage-row').count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(1);
  const row = page.getByTestId('usage-row');
  expect(await row.locator('td').nth(0).textContent()).toBe(expected.tool);
  expect(await row.locator('td').nth(1).textContent()).toBe(expected.cost);
  expect(await page.getByTestId('credit-balance').textContent()).toBe(expected.balance);
}
