// The accessibility sweep of the pages around the tools (docs/architecture.md#accessibility-sweep): the landing page
// (and its open Tools menu), sign in and sign up (also with a refused password), the four static pages, the dashboard,
// the account's three tabs, the API page and the Library, each checked by axe at 1366 px and 390 px in both themes,
// and without sideways scrolling at 320 px. Three tests (public, sign-in, member pages), each on its own page, so a
// screen that sticks fails its own test within seconds and the other two still report.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getTool, LIBRARY_TEXTS, TOOL_CATEGORY_TEXTS, UI_TEXTS } from '@act/contracts';
import { Sweep, SWEEP_TIMEOUT_MS } from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

describe('accessibility sweep: public and member pages', () => {
  const browser = useBrowser();

  /** Runs `visit` on a fresh page with its own sweep, then asserts that sweep found nothing. */
  async function sweepOf(visit: (page: Page, sweep: Sweep) => Promise<void>): Promise<void> {
    const sweep = new Sweep();
    const page = await browser.newPage({ width: 1366, height: 900 });
    await visit(page, sweep);
    console.log(sweep.report());
    expect(sweep.findings, sweep.report()).toEqual([]);
  }

  it(
    'finds no axe violation and no sideways scrolling on the landing and static pages',
    () =>
      sweepOf(async (page, sweep) => {
        await goto(page, '/');
        await page.getByRole('heading', { level: 1, name: UI_TEXTS.landing.heroTitle }).waitFor();
        await sweep.check(page, 'landing');
        await page.getByRole('button', { name: 'Tools' }).hover();
        await page
          .getByRole('button', { name: TOOL_CATEGORY_TEXTS[getTool('text-to-image').category] })
          .hover();
        await page
          .getByRole('link', { name: /Text to Image/ })
          .first()
          .waitFor();
        await sweep.check(page, 'landing', 'tools-menu');

        for (const path of ['privacy-policy', 'terms-of-service', 'refund-policy', 'contact-us']) {
          await goto(page, `/${path}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await sweep.check(page, path);
        }
      }),
    SWEEP_TIMEOUT_MS,
  );

  it(
    'finds no axe violation and no sideways scrolling on sign in and sign up',
    () =>
      sweepOf(async (page, sweep) => {
        await goto(page, '/auth');
        await page.getByRole('heading', { name: UI_TEXTS.auth.welcomeBack }).waitFor();
        await sweep.check(page, 'auth-sign-in');
        await page.getByLabel('Email').fill(uniqueEmail('nobody'));
        await page.getByLabel('Password').fill('not-the-password');
        await page.getByRole('button', { name: UI_TEXTS.auth.signIn }).click();
        await page.getByRole('alert').first().waitFor({ timeout: 15_000 });
        await sweep.check(page, 'auth-sign-in', 'error');
        await goto(page, '/auth?signup=true');
        await page.getByRole('heading', { name: UI_TEXTS.auth.createAccount }).waitFor();
        await sweep.check(page, 'auth-sign-up');
      }),
    SWEEP_TIMEOUT_MS,
  );

  it(
    "finds no axe violation and no sideways scrolling on a member's pages",
    () =>
      sweepOf(async (page, sweep) => {
        await signUp(page, uniqueEmail('a11y-pages'));
        await sweep.check(page, 'dashboard');
        await goto(page, '/dashboard?view=account');
        await page.getByRole('tab', { name: 'Overview' }).waitFor();
        await sweep.check(page, 'account', 'overview');
        await page.getByRole('tab', { name: 'Subscription' }).click();
        await page.getByRole('button', { name: 'Upgrade: Premium' }).waitFor({ timeout: 15_000 });
        await sweep.check(page, 'account', 'subscription');
        await page.getByRole('tab', { name: UI_TEXTS.account.tabs.usageHistory }).click();
        await page.locator('.sh-usage, .sh-empty').first().waitFor({ timeout: 15_000 });
        await sweep.check(page, 'account', 'usage-history');
        await goto(page, '/account/api');
        await page.locator('.sh-api-page__code').first().waitFor({ timeout: 15_000 });
        await sweep.check(page, 'account-api');
        await goto(page, '/library');
        await page.getByRole('heading', { level: 1, name: LIBRARY_TEXTS.title }).waitFor();
        await page.getByText(LIBRARY_TEXTS.empty).waitFor({ timeout: 15_000 });
        await sweep.check(page, 'library', 'empty');
      }),
    SWEEP_TIMEOUT_MS,
  );
});
