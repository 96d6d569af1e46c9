// The dark theme in Chromium (docs/architecture.md#themes): a dark system gets a dark page from its first paint, a
// member's Light / Dark / System choice in the header is remembered across loads and shown on the account page, and
// System follows the device again.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATH, THEME_TEXTS } from '@act/contracts';
import { uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

/** The theme and the page colour as the document stands when its HTML has been parsed, before React runs. */
async function themeAtFirstParse(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

async function chooseInHeader(page: Page, choice: keyof typeof THEME_TEXTS.choices): Promise<void> {
  await page.getByRole('combobox', { name: THEME_TEXTS.label }).click();
  await page.getByRole('option', { name: THEME_TEXTS.choices[choice] }).click();
}

describe('themes', () => {
  const browser = useBrowser();

  it('paints a dark system dark before the app starts, and a light one light', async () => {
    const page = await browser.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await themeAtFirstParse(page, '/')).toEqual({ theme: 'dark', background: 'rgb(13, 16, 23)' });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await themeAtFirstParse(page, '/')).toEqual({ theme: 'light', background: 'rgb(246, 247, 251)' });
  });

  it("keeps a member's choice across loads, shows it on the account page, and follows the system on System", async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUp(page, uniqueEmail('theme'));
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    await chooseInHeader(page, 'light');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect((await themeAtFirstParse(page, '/dashboard')).theme).toBe('light');

    await goto(page, ACCOUNT_PATH);
    const appearance = page.getByRole('region', { name: THEME_TEXTS.accountTitle });
    await expect
      .poll(() =>
        appearance.getByRole('radio', { name: THEME_TEXTS.choices.light }).getAttribute('aria-checked'),
      )
      .toBe('true');
    await appearance.getByRole('radio', { name: THEME_TEXTS.choices.system }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  }, 180_000);
});
