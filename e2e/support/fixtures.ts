// Per-file browser fixture: one Chromium for the file, a fresh context (cookies) per test, and the system's URL.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { launchChromium } from './browser';

export interface BrowserFixture {
  baseUrl: string;
  /**
   * A new, isolated browser context and page (1280×800), closed by the caller or at the end of the file. Its browser
   * language is en-US unless `locale` says otherwise, so the page is English whatever the machine's language
   * (docs/architecture.md#languages).
   */
  newPage(options?: { width?: number; height?: number; locale?: string }): Promise<Page>;
}

/** `chromiumArgs`: more switches for this file's Chromium (launchChromium). */
export function useBrowser(chromiumArgs: readonly string[] = []): BrowserFixture {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium(chromiumArgs);
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
        locale: options.locale ?? 'en-US',
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
 * Navigates right away, as a person would: a full navigation may abort the page's API calls still in flight, which
 * the gateway must survive. Resolves once the new page's requests have settled.
 */
export async function goto(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
}

/**
 * Types `text` into a chat screen's message box, sends it with Enter and waits until the reply has streamed to its
 * end (Stop shows while it streams, Send once it is over; the slow fake provider takes a few seconds).
 */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder(UI_TEXTS.chat.messagePlaceholder);
  await input.waitFor({ timeout: 15_000 });
  await input.fill(text);
  await input.press('Enter');
  await page.getByRole('button', { name: UI_TEXTS.chat.stop }).waitFor();
  await page.getByRole('button', { name: UI_TEXTS.chat.send, exact: true }).waitFor({ timeout: 30_000 });
}
