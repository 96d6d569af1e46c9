// Two tabs of one browser share the refresh cookie, and identity rotates the refresh token on every use: when both
// tabs refresh at the same moment, the browser must make one refresh call (Web Locks + the session shared over a
// BroadcastChannel) and both tabs must stay signed in, with the token family still alive afterwards.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uniqueEmail } from './support/browser';
import { signUp, useBrowser } from './support/fixtures';

const WELCOME = /Welcome back/;

function isRefresh(url: string): boolean {
  return url.includes('/api/identity/token') && url.includes('grant_type=refresh_token');
}

async function expectSignedIn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: WELCOME }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
}

describe('refreshing in two tabs', () => {
  const browser = useBrowser();

  it('refreshes once for two tabs that refresh at the same moment, and both stay signed in', async () => {
    const first = await browser.newPage();
    const context = first.context();
    await signUp(first, uniqueEmail('two-tabs'));
    const second = await context.newPage();
    await second.goto('/dashboard', { waitUntil: 'networkidle' });
    await expectSignedIn(second);

    const refreshes: string[] = [];
    const failures: number[] = [];
    context.on('response', (response) => {
      if (!isRefresh(response.url())) return;
      refreshes.push(response.url());
      if (!response.ok()) failures.push(response.status());
    });
    // The first refresh call is held for a moment, so the other tab surely asks for its refresh meanwhile.
    let held = false;
    await context.route('**/api/identity/token*', async (route) => {
      if (isRefresh(route.request().url()) && !held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await route.continue();
    });

    // Reloading drops each tab's in-memory access token: both refresh from the one cookie at once.
    await Promise.all([
      first.reload({ waitUntil: 'networkidle' }),
      second.reload({ waitUntil: 'networkidle' }),
    ]);
    await expectSignedIn(first);
    await expectSignedIn(second);
    expect(failures).toEqual([]);
    expect(refreshes).toHaveLength(1);

    // The token family is alive: a later refresh in either tab still works.
    await context.unroute('**/api/identity/token*');
    await second.reload({ waitUntil: 'networkidle' });
    await expectSignedIn(second);
    await first.reload({ waitUntil: 'networkidle' });
    await expectSignedIn(first);
    expect(failures).toEqual([]);
    expect(refreshes).toHaveLength(3);
  });
});
