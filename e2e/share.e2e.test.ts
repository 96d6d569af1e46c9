// Shared chats (issue 25) in Chromium against the running system: a member chats, shares the session with a 7-day
// link, a fresh signed-out browser opens the link and reads the messages (not for search engines, nothing to type);
// the member revokes the link on the account page, and the same link then shows Not found.
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, sendChatMessage, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.share;
const QUESTION = 'How many bytes are in a kibibyte?';

describe('Share a chat', () => {
  const browser = useBrowser();

  it('opens a shared chat signed out, and answers Not found once the member revoked it', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signUp(page, uniqueEmail('share'));
    await goto(page, '/tools/chat-reasoning');
    await sendChatMessage(page, QUESTION);
    const answer = (await page.getByTestId('chat-reply').last().locator('.ch-md').textContent()) ?? '';
    expect(answer).toContain('this reply is streamed in small chunks by the local test provider.');

    await page.getByRole('button', { name: T.shareLabel(QUESTION) }).click();
    const dialog = page.getByRole('dialog', { name: T.dialogTitle });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: T.expiryOptions[7] }).click();
    await dialog.getByRole('button', { name: T.create }).click();
    const field = dialog.getByLabel(T.linkLabel);
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{22,}$/);
    await screenshot(page, 'share-dialog', { fullPage: false });
    await page.keyboard.press('Escape');

    // A fresh browser context: no cookies, nobody signed in.
    const visitor = await browser.newPage({ width: 1280, height: 800 });
    await goto(visitor, link);
    await visitor.getByRole('heading', { level: 1, name: QUESTION }).waitFor({ timeout: 15_000 });
    const messages = visitor.getByTestId('shared-message');
    expect(await messages.count()).toBe(2);
    expect(await messages.first().textContent()).toContain(QUESTION);
    expect(await messages.last().textContent()).toContain(
      'this reply is streamed in small chunks by the local test provider.',
    );
    expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await visitor.getByRole('textbox').count()).toBe(0);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'share-page', { fullPage: false });

    await goto(page, '/dashboard?view=account');
    const section = page.getByRole('region', { name: T.listTitle }).first();
    const row = page.getByTestId('shared-chat-row').filter({ hasText: QUESTION });
    await row.waitFor({ timeout: 15_000 });
    expect(await section.isVisible()).toBe(true);
    await row.getByRole('button', { name: T.revokeLabel(QUESTION) }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: T.revoke }).click();
    await page.getByText(T.listEmpty).waitFor();

    await visitor.reload({ waitUntil: 'networkidle' });
    await visitor.getByTestId('shared-not-found').waitFor({ timeout: 15_000 });
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(T.notFoundTitle);
    expect(await visitor.getByText(QUESTION).count()).toBe(0);
    await screenshot(visitor, 'share-page-revoked', { fullPage: false });
  });
});
