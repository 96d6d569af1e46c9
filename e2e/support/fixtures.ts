// Per-file browser fixture: one Chromium for the file, a fresh context (cookies) per test, and the system's URL.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './browser';

export interface BrowserFixture {
  baseUrl: string;
  /** A new, isolated browser context and page (1280×800), closed by the caller or at the end of the file. */
  newPage(options?: { width?: number; height?: number }): Promise<Page>;
}

export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });
  return {
    get baseUrl() {
      return inject('baseUrl');
    },
    async newPage(options = {}) {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** Signs up through the auth page and waits for the dashboard. */
export async function signUp(page: Page, email: string, password = 'correct-horse-7'): Promise<void> {
  await page.goto('/auth?signup=true');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
}

/**
 * Navigates once the current page has no request in flight: a full navigation aborts pending API calls, which is
 * normal browser behaviour but not what these flows are about.
 */
export async function goto(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.goto(path, { waitUntil: 'networkidle' });
}
