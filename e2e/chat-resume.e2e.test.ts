// Picking up where the member left (docs/product-rules.md#resume), in Chromium against the running system with the
// slow fake provider: a reload mid-reply opens the same session from the address and follows the reply live to its
// end, the text it ends with being the one the server saved (a second reload draws it from the stored messages); a
// second tab opens the same session; another member who has the address reaches nothing.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ERROR_TEXTS } from '@act/contracts';
import { screenshot, uniqueEmail } from './support/browser';
import { SLOW_WORD } from './support/fake-provider';
import { goto, signUp, useBrowser } from './support/fixtures';

const TOOL = '/tools/chat-reasoning';

function answer(page: Page) {
  return page.getByTestId('chat-reply').last();
}

async function answerText(page: Page): Promise<string> {
  return (await answer(page).locator('.ch-md').textContent()) ?? '';
}

describe('Resume a chat', () => {
  const browser = useBrowser();

  it('reloading mid-reply resumes it live in the same session; the final text is the one the server saved', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('resume'));
    await goto(page, TOOL);
    const input = page.getByPlaceholder(/Type your message/);
    await input.waitFor({ timeout: 15_000 });
    await input.fill(`Explain ${SLOW_WORD} why the sky is blue`);
    await input.press('Enter');
    await answer(page)
      .getByText(/Answer from/)
      .waitFor({ timeout: 15_000 });
    await page.waitForURL(/\?session=/);
    const address = page.url();
    const sessionId = new URL(address).searchParams.get('session');
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    // Reloading closes the stream; the page opens the same session from its address and re-attaches to the reply.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await answer(page)
      .getByText(/Answer from/)
      .waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('session')).toBe(sessionId);
    expect(await answer(page).getAttribute('data-status')).toBe('streaming');
    expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);
    const before = (await answerText(page)).length;
    // It grows live here (followed, not read again at the end).
    await page.waitForFunction(
      (length) => {
        const replies = document.querySelectorAll('[data-testid="chat-reply"]');
        const text = replies[replies.length - 1]?.querySelector('.ch-md')?.textContent ?? '';
        return text.length > length;
      },
      before,
      { timeout: 15_000 },
    );
    await screenshot(page, 'chat-resume-growing', { fullPage: false });
    await page.locator('[data-testid="chat-reply"][data-status="done"]').waitFor({ timeout: 30_000 });
    // The last words arrive with the end: drawn a moment later.
    await answer(page)
      .getByText(/one word at a time/)
      .waitFor();
    const followed = await answerText(page);
    // Charged once (6 credits), the balance read again once the followed reply ended.
    await page.getByTestId('credit-balance').getByText('44 credits').waitFor({ timeout: 15_000 });

    // What the server saved, drawn from the stored messages: the same text.
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('[data-testid="chat-reply"][data-status="done"]').waitFor({ timeout: 15_000 });
    await answer(page)
      .getByText(/one word at a time/)
      .waitFor();
    expect(await answerText(page)).toBe(followed);

    // A second tab of the same member opens the same session from the address.
    const second = await page.context().newPage();
    await second.goto(address, { waitUntil: 'networkidle' });
    await second.locator('[data-testid="chat-reply"][data-status="done"]').waitFor({ timeout: 15_000 });
    expect(await answerText(second)).toBe(followed);

    // Another member with the address reaches nothing: the session answers as unknown.
    const stranger = await browser.newPage({ width: 1280, height: 900 });
    await signUp(stranger, uniqueEmail('resume-stranger'));
    await goto(stranger, new URL(address).pathname + new URL(address).search);
    await stranger.getByText(ERROR_TEXTS.server.notFound).waitFor({ timeout: 15_000 });
    expect(await stranger.getByText(/Answer from/).count()).toBe(0);
    expect(await stranger.getByTestId('chat-reply').count()).toBe(0);
  });
});
