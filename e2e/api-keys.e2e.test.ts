// Personal API keys (issue 41) in Chromium against the running system: a member creates a key on the account page,
// sees its secret once (copy, then gone), calls the API with it from outside the browser as that member, revokes it
// after a confirmation, and the key is refused within 10 s. The account's keys and the API page are checked by axe
// (WCAG 2.2 AA) at each sweep width, and must not scroll sideways.
import { describe, expect, it } from 'vitest';
import { API_KEY_TEXTS, ERROR_TEXTS } from '@act/contracts';
import { Sweep } from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = API_KEY_TEXTS.page;

describe('Personal API keys', () => {
  const browser = useBrowser();

  it('creates a key whose secret is shown once, calls the API with it, and revokes it', async () => {
    const sweep = new Sweep();
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('api-keys'));
    await goto(page, '/dashboard?view=account');
    const section = page.getByRole('region', { name: T.title }).or(page.locator('.sh-api-keys')).first();
    await section.getByText(T.empty).waitFor({ timeout: 15_000 });

    await section.getByLabel(T.nameLabel).fill('Nightly export');
    await section.getByLabel(T.limitLabel).fill('40');
    await section.getByRole('button', { name: T.create }).click();
    const dialog = page.getByRole('dialog', { name: T.title });
    await dialog.waitFor();
    const secret = (await dialog.getByTestId('api-key-secret').textContent()) ?? '';
    expect(secret).toMatch(/^act_[A-Za-z0-9_-]{32,}$/);
    await sweep.check(page, 'account-api-keys', 'secret-shown');
    await dialog.getByRole('button', { name: T.done }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Shown once: the list shows its name and prefix, never the secret, also after a reload.
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Nightly export' });
    await row.waitFor();
    expect(await row.textContent()).toContain(secret.slice(0, 12));
    await page.reload({ waitUntil: 'networkidle' });
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    await sweep.check(page, 'account-api-keys', 'listed');

    // The key calls the API as its member, from outside the browser.
    const me = await fetch(new URL('/api/credits/me', browser.baseUrl), {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { me: { credits: number } }).me.credits).toBeGreaterThan(0);

    await row.getByRole('button', { name: T.revokeLabel('Nightly export') }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(T.revokeConfirm('Nightly export')).waitFor();
    await sweep.check(page, 'account-api-keys', 'revoke-confirm');
    await confirm.getByRole('button', { name: T.revoke }).click();
    await page.getByText(T.empty).waitFor();

    // Refused within 10 s, with the one 401 of any bad token.
    const deadline = Date.now() + 10_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      const reply = await fetch(new URL('/api/credits/me', browser.baseUrl), {
        headers: { authorization: `Bearer ${secret}` },
      });
      status = reply.status;
      if (status !== 200) {
        expect(await reply.json()).toMatchObject({ error: ERROR_TEXTS.auth.authenticationFailed });
      } else {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    expect(status).toBe(401);

    // The API page: a curl example for every tool family, from the OpenAPI documents.
    await goto(page, '/account/api');
    await page.getByRole('heading', { level: 1, name: API_KEY_TEXTS.api.title }).waitFor();
    for (const family of ['prompt', 'chat', 'image', 'voice', 'youtube']) {
      await page.getByRole('heading', { level: 2, name: family }).waitFor({ timeout: 15_000 });
    }
    const commands = await page.locator('.sh-api-page__code code').allTextContents();
    expect(commands.some((text) => text.includes('/api/image/text-to-image/generate-image'))).toBe(true);
    expect(commands.every((text) => text.includes("-H 'Authorization: Bearer act_…'"))).toBe(true);
    await sweep.check(page, 'account-api');

    console.log(sweep.report());
    expect(sweep.findings, sweep.report()).toEqual([]);
  }, 300_000);
});
