// Public routes in Chromium: titles per route, unknown paths, Back to Home on the static pages, accessibility of
// landing and auth, and screenshots.
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './support/browser';
import { goto, useBrowser } from './support/fixtures';

const TITLES: ReadonlyArray<[string, string]> = [
  ['/', 'AI Creative Toolbox: AI Prompts, Chat, Images and Voice in One Place'],
  ['/auth', 'Sign In or Create Your Account | AI Creative Toolbox'],
  ['/privacy-policy', 'Privacy Policy | AI Creative Toolbox'],
  ['/terms-of-service', 'Terms of Service | AI Creative Toolbox'],
  ['/refund-policy', 'Refund Policy | AI Creative Toolbox'],
  ['/contact-us', 'Contact Us | AI Creative Toolbox'],
];

describe('public pages', () => {
  const browser = useBrowser();

  it('gives every public route its title, description and canonical link', async () => {
    const page = await browser.newPage();
    for (const [path, title] of TITLES) {
      await goto(page, path);
      await page.locator('h1').first().waitFor();
      expect(await page.title(), path).toBe(title);
      expect(await page.locator('meta[name="description"]').getAttribute('content'), path).toBeTruthy();
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(
        `${browser.baseUrl}${path}`,
      );
      expect(await page.locator('meta[property="og:title"]').getAttribute('content'), path).toBe(title);
      // Exactly one of each: React hoists them and replaces them on the next route.
      expect(await page.locator('title').count(), path).toBe(1);
      expect(await page.locator('link[rel="canonical"]').count(), path).toBe(1);
    }
  });

  it('redirects unknown paths to the landing page', async () => {
    const page = await browser.newPage();
    await goto(page, '/this/does/not/exist');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Your AI Creative Toolbox' }).waitFor();
  });

  it('has an accessible landing page whose calls to action lead to sign-up', async () => {
    const page = await browser.newPage();
    await goto(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'landing');

    await page.getByRole('button', { name: 'Tools' }).hover();
    await page.getByRole('button', { name: 'Create with AI' }).hover();
    const menuTool = page.getByRole('link', { name: /Text to Image/ }).first();
    await menuTool.waitFor();
    expect(await menuTool.textContent()).toContain('20 credits');
    await screenshot(page, 'landing-tools-menu', { fullPage: false });

    await page.getByRole('radio', { name: /Yearly/ }).click();
    expect(await page.getByTestId('price-premium').textContent()).toBe('$275/year');
    await page.getByRole('link', { name: 'Start Creating Now' }).click();
    await page.waitForURL('**/auth?signup=true');
  });

  it('has an accessible auth page in both modes', async () => {
    const page = await browser.newPage();
    await goto(page, '/auth');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'auth-sign-in');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'auth-sign-up');
  });

  it('shows Back to Home and the update date on the static pages', async () => {
    const page = await browser.newPage();
    for (const [path, name] of [
      ['/privacy-policy', 'privacy-policy'],
      ['/terms-of-service', 'terms-of-service'],
      ['/refund-policy', 'refund-policy'],
      ['/contact-us', 'contact-us'],
    ] as const) {
      await goto(page, path);
      await page.getByText('Last updated January 2025').waitFor();
      expect(await seriousA11yViolations(page), path).toEqual([]);
      await screenshot(page, name);
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    }
  });

  it('looks right on a phone', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await goto(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'landing-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('reaches Features, Pricing and the tools through the Menu button at 390 px', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await goto(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const button = page.getByRole('button', { name: 'Menu' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const name of ['Features', 'Pricing', 'Sign In', 'Text to Image', 'Magic Enhance']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'landing-mobile-menu', { fullPage: false });

    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await menu.getByRole('link', { name: 'Pricing', exact: true }).click();
    await page.waitForURL('**/#pricing');
    await button.click();
    await menu.getByRole('link', { name: 'Text to Image', exact: true }).click();
    await page.waitForURL('**/auth**');
  });
});
