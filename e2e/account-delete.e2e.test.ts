// Account control (issue 42) in Chromium against the running system: changing the password on the account page signs
// out the member's other browser; deleting the account signs this one out to the landing page with its notice, after
// which the member cannot sign in, a token issued before is refused, and their shared chat link shows Not found.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CONTROL_TEXTS, API_ROUTES, UI_TEXTS } from '@act/contracts';
import { seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, sendChatMessage, signUp, useBrowser } from './support/fixtures';

const P = ACCOUNT_CONTROL_TEXTS.password;
const D = ACCOUNT_CONTROL_TEXTS.deletion;
const S = UI_TEXTS.share;
const FIRST_PASSWORD = 'correct-horse-7';
const NEW_PASSWORD = 'battery-staple-9';
const QUESTION = 'What is a mebibyte?';

describe('Change password and delete account', () => {
  const browser = useBrowser();

  /** Signs in over HTTP, as an API client would: the status and, when it worked, the access token. */
  async function signInOverHttp(email: string, password: string) {
    const response = await fetch(`${browser.baseUrl}${API_ROUTES.identity.token}?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { session?: { access_token: string } };
    return { status: response.status, token: body.session?.access_token };
  }

  async function userStatus(token: string): Promise<number> {
    const response = await fetch(`${browser.baseUrl}${API_ROUTES.identity.user}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.body?.cancel();
    return response.status;
  }

  async function signInInBrowser(page: Page, email: string, password: string) {
    await goto(page, '/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
  }

  it('signs out other browsers on a password change, and after deletion refuses the member everywhere', async () => {
    const email = uniqueEmail('delete');
    const page = await browser.newPage();
    await signUp(page, email, FIRST_PASSWORD);
    const other = await browser.newPage();
    await signInInBrowser(other, email, FIRST_PASSWORD);

    // Change the password on the account page: the other browser's session ends, this one stays.
    await goto(page, '/dashboard?view=account');
    const password = page.getByRole('region', { name: P.title });
    await password.getByLabel(P.current).fill(FIRST_PASSWORD);
    await password.getByLabel(P.next).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: P.submit }).click();
    await page.getByText(P.changed).first().waitFor({ timeout: 15_000 });
    await other.reload({ waitUntil: 'networkidle' });
    await other.waitForURL('**/auth**', { timeout: 15_000 });
    expect((await signInOverHttp(email, FIRST_PASSWORD)).status).toBe(401);

    // Something to lose: a shared chat.
    await goto(page, '/tools/chat-reasoning');
    await sendChatMessage(page, QUESTION);
    await page.getByRole('button', { name: S.shareLabel(QUESTION) }).click();
    const shareDialog = page.getByRole('dialog', { name: S.dialogTitle });
    await shareDialog.getByRole('button', { name: S.create }).click();
    const field = shareDialog.getByLabel(S.linkLabel);
    await field.waitFor();
    const link = await field.inputValue();
    await page.keyboard.press('Escape');
    const visitor = await browser.newPage();
    await goto(visitor, link);
    await visitor.getByRole('heading', { level: 1, name: QUESTION }).waitFor({ timeout: 15_000 });
    const { token: earlierToken } = await signInOverHttp(email, NEW_PASSWORD);
    expect(await userStatus(earlierToken!)).toBe(200);

    // Delete the account: DELETE typed out and the password.
    await goto(page, '/dashboard?view=account');
    await page.getByRole('button', { name: D.open }).click();
    const dialog = page.getByRole('dialog', { name: D.dialogTitle });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel(D.password).fill(NEW_PASSWORD);
    await dialog.getByLabel(D.confirmLabel).fill(D.confirmWord);
    await dialog.getByRole('button', { name: D.submit }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await page.getByText(D.deletedNotice).waitFor();

    expect(await userStatus(earlierToken!)).toBe(401);
    expect((await signInOverHttp(email, NEW_PASSWORD)).status).toBe(401);
    // The chat service deletes the member's data when the event reaches it: the link is gone within seconds.
    await expect
      .poll(
        async () => {
          await visitor.reload({ waitUntil: 'networkidle' });
          return visitor.getByTestId('shared-not-found').count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    expect(await visitor.getByText(QUESTION).count()).toBe(0);
  });
});
