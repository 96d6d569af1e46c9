// Languages in Chromium (docs/architecture.md#languages, docs/product-rules.md#languages): an es-ES browser gets the
// landing page (its Tools menu's categories too), the dashboard's tool groups, a tool page (a remote, with its page
// title) and the account page in Spanish, with <html lang="es"> and Spanish number and date formatting; the account's switcher goes back to English, which is remembered over the browser's language; the
// Spanish pages are axe-clean at 1366 and 390 px in both themes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATH,
  invalidWebsiteUrl,
  LANGUAGE_TEXTS,
  LIBRARY_PATH,
  LIBRARY_TEXTS,
  LOCALE_NAMES,
  TOOL_CATEGORY_TEXTS,
  UI_TEXTS,
  getTool,
  toolPath,
  withCost,
  withLocale,
} from '@act/contracts';
import { Sweep, SWEEP_TIMEOUT_MS } from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, useBrowser } from './support/fixtures';

/** The texts as a Spanish page shows them. */
const ES = withLocale('es', () => ({
  heroTitle: UI_TEXTS.landing.heroTitle,
  email: UI_TEXTS.auth.email,
  password: UI_TEXTS.auth.password,
  createAccount: UI_TEXTS.auth.createAccount,
  welcome: UI_TEXTS.dashboard.welcome,
  enhance: withCost('Mejorar', 1),
  enhanceInput: UI_TEXTS.magicEnhance.inputLabel,
  languageTitle: LANGUAGE_TEXTS.accountTitle,
  usageTab: UI_TEXTS.account.tabs.usageHistory,
  memberSince: UI_TEXTS.dashboard.memberSince,
  libraryTitle: LIBRARY_TEXTS.title,
  webUrlLabel: UI_TEXTS.chat.webUrlLabel,
  // A contracts schema's refusal, English on every page before its catalogue was registered.
  invalidUrl: invalidWebsiteUrl('https://example.com'),
  toolsMenu: UI_TEXTS.landing.nav.tools,
  createCategory: TOOL_CATEGORY_TEXTS['Create with AI'],
  voiceCategory: TOOL_CATEGORY_TEXTS['AI Voice'],
  enhanceTitle: getTool('magic-enhance').seoTitle,
}));

const pageLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function signUpInSpanish(page: Page): Promise<void> {
  await goto(page, '/auth?signup=true');
  await page.getByRole('heading', { level: 1, name: ES.createAccount }).waitFor();
  await page.getByLabel(ES.email, { exact: true }).fill(uniqueEmail('idioma'));
  await page.getByLabel(ES.password, { exact: true }).fill('correct-horse-7');
  await page.locator('form').getByRole('button', { name: ES.createAccount, exact: true }).click();
  // A refusal shows as an alert: fail with its words rather than a bare timeout.
  const outcome = await Promise.race([
    page.waitForURL('**/dashboard').then(() => null),
    page
      .getByRole('alert')
      .first()
      .waitFor()
      .then(() => page.getByRole('alert').first().innerText()),
  ]);
  expect(outcome).toBeNull();
  await page.getByRole('heading', { name: new RegExp(ES.welcome) }).waitFor();
}

describe('languages', () => {
  const browser = useBrowser();

  it(
    'shows an es-ES browser Spanish everywhere, switches back to English on the account page and remembers it',
    async () => {
      const sweep = new Sweep();
      const page = await browser.newPage({ width: 1366, height: 900, locale: 'es-ES' });
      page.setDefaultTimeout(20_000);

      await goto(page, '/');
      await page.getByRole('heading', { level: 1, name: ES.heroTitle }).waitFor();
      expect(await pageLanguage(page)).toBe('es');
      await expect
        .poll(() => page.getByRole('link', { name: LOCALE_NAMES.es }).getAttribute('aria-current'))
        .toBe('true');
      await sweep.check(page, 'landing-es');
      // The Tools menu's categories are Spanish, and hovering one still lists its tools (grouped by id, not name).
      await page.getByRole('button', { name: ES.toolsMenu, exact: true }).hover();
      await page.getByRole('button', { name: ES.createCategory }).hover();
      await page
        .getByRole('link', { name: /Text to Image/ })
        .first()
        .waitFor();

      await signUpInSpanish(page);
      await page.getByRole('heading', { level: 2, name: ES.voiceCategory }).waitFor();
      await goto(page, toolPath('magic-enhance'));
      await expect.poll(() => page.title()).toBe(ES.enhanceTitle);
      // The prompt remote's own screen: its field, then its button once there is text.
      await page.getByLabel(ES.enhanceInput, { exact: true }).fill('un gato en la ventana');
      await page.getByRole('button', { name: ES.enhance }).waitFor();
      expect(await pageLanguage(page)).toBe('es');

      // The browser's own check of a field, worded by a contracts schema, and the Library page: both Spanish.
      await goto(page, toolPath('ai-web-chat'));
      const address = page.getByLabel(ES.webUrlLabel, { exact: true });
      await address.fill('faro');
      await address.press('Enter');
      await page.getByText(ES.invalidUrl).waitFor();
      await goto(page, LIBRARY_PATH);
      await page.getByRole('heading', { level: 1, name: ES.libraryTitle }).waitFor();

      await goto(page, ACCOUNT_PATH);
      const language = page.getByRole('region', { name: ES.languageTitle });
      await language.waitFor();
      // Dates and numbers in Spanish: 'Miembro desde 29 de noviembre de 2026', not 'November 29, 2026'.
      await expect.poll(() => page.locator('main').innerText()).toMatch(/\d{1,2} de [a-z]+ de \d{4}/);
      await sweep.check(page, 'account-es');

      await language.getByRole('radio', { name: LOCALE_NAMES.en }).click();
      await page.getByRole('region', { name: LANGUAGE_TEXTS.accountTitle }).waitFor();
      expect(await pageLanguage(page)).toBe('en');
      await goto(page, '/');
      await page.getByRole('heading', { level: 1, name: UI_TEXTS.landing.heroTitle }).waitFor();
      expect(await pageLanguage(page)).toBe('en');

      expect(sweep.findings, sweep.report()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('follows ?lang= for a link and keeps the choice', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await goto(page, '/?lang=es');
    await page.getByRole('heading', { level: 1, name: ES.heroTitle }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await goto(page, '/privacy-policy');
    expect(await pageLanguage(page)).toBe('es');
    await page.getByRole('link', { name: LOCALE_NAMES.en }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => pageLanguage(page)).toBe('en');
  }, 120_000);
});
