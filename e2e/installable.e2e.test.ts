// Installable in Chromium (docs/architecture.md#service-worker): the manifest loads with its icons at their sizes,
// the service worker registers and controls the page after a reload, its caches hold hashed static files and never
// an API reply, API calls still reach the network (and test routes), and a page loaded offline is the offline page,
// in the member's language.
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY, OFFLINE_TEXTS, withLocale } from '@act/contracts';
import { a11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

describe('installable', () => {
  const browser = useBrowser();

  it('links a valid manifest whose icons load at their stated sizes', async () => {
    const page = await browser.newPage();
    await goto(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'AI Creative Toolbox',
      display: 'standalone',
      start_url: '/dashboard',
    });
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
    expect(purposes).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const size = await page.evaluate(
        (src) =>
          new Promise<string>((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve(`${image.naturalWidth}x${image.naturalHeight}`);
            image.onerror = () => reject(new Error(`${src} did not load`));
            image.src = src;
          }),
        icon.src,
      );
      expect(size, icon.src).toBe(icon.sizes);
    }
  });

  it('controls the page after a reload, caches hashed assets but no API reply, and shows the offline page offline', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await signUp(page, uniqueEmail('installable'));
    const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
    expect(new URL(scope).pathname).toBe('/');
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);

    // The reload is the first load the new worker controls: the app's API calls pass it, and test routes see them.
    let apiCalls = 0;
    await page.route('**/api/**', (route) => {
      apiCalls++;
      return route.fallback();
    });
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    expect(apiCalls).toBeGreaterThan(0);
    await page.unroute('**/api/**');

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
          urls.push(new URL(request.url).pathname + new URL(request.url).search);
      }
      return urls;
    });
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    expect(cached.filter((url) => url.includes('?'))).toEqual([]);
    expect(cached.some((url) => /^\/static\/js\/.+\.[0-9a-f]{8,}\.js$/.test(url))).toBe(true);
    const pages = cached.filter((url) => url.endsWith('.html') || !/\.[a-z0-9]+$/.test(url));
    expect(pages).toEqual(['/offline.html']);

    await page.context().setOffline(true);
    await page.goto('/library').catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: OFFLINE_TEXTS.title }).waitFor();
    expect(await page.title()).toBe(OFFLINE_TEXTS.pageTitle);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // theme-boot.js, served from the worker's cache, follows the system setting here too.
      await page.waitForFunction((theme) => document.documentElement.dataset.theme === theme, colorScheme);
      expect(await a11yViolations(page), colorScheme).toEqual([]);
    }
    // A member who chose Spanish gets the offline page in Spanish.
    const spanish = withLocale('es', () => ({ ...OFFLINE_TEXTS }));
    await page.evaluate((key) => localStorage.setItem(key, 'es'), LOCALE_STORAGE_KEY);
    await page.reload().catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: spanish.title }).waitFor();
    expect(await page.title()).toBe(spanish.pageTitle);
    await page.evaluate((key) => localStorage.setItem(key, 'en'), LOCALE_STORAGE_KEY);
    await page.reload().catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: OFFLINE_TEXTS.title }).waitFor();

    await page.context().setOffline(false);
    await page.getByRole('link', { name: OFFLINE_TEXTS.retry }).click();
    await page.waitForURL('**/library');
    await page.getByRole('heading', { level: 1, name: OFFLINE_TEXTS.title }).waitFor({ state: 'detached' });
  }, 180_000);
});
