// The support console and the member's usage notice in Chromium against the running system (issue 26): an operator
// grants the support role with the command line; the support member finds a member by e-mail and grants credits
// with a reason, which the console's ledger shows as "Support"; the member, after using 80 % of the month's
// credits, sees the 80 % notice once, dismisses it, and it stays gone.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CREDIT_CONTROLS_TEXTS } from '@act/contracts';
import { databaseUrl } from '@act/dev-infra';
import { screenshot, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';
import { accessToken } from './support/members';

const PASSWORD = 'correct-horse-7';
const S = CREDIT_CONTROLS_TEXTS.support;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

/** One Magic Enhance use (1 credit) through the API, as any client may. */
async function useMagicEnhance(page: Page, token: string): Promise<void> {
  const reply = await page.request.post('/api/prompt/generate-text-prompt', {
    headers: { authorization: `Bearer ${token}` },
    data: { text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' },
  });
  expect(await reply.json()).toMatchObject({ success: true });
}

async function waitForNotices(page: Page, token: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const reply = await page.request.get('/api/credits/notices', {
      headers: { authorization: `Bearer ${token}` },
    });
    const { notices } = (await reply.json()) as { notices: unknown[] };
    if (notices.length === count) return;
    if (Date.now() > deadline) throw new Error(`expected ${count} notices, have ${notices.length}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('credits support console', () => {
  const browser = useBrowser();

  it(
    'lets a support member granted by the CLI grant credits, shown as Support; the member sees the 80% notice once',
    { timeout: 240_000 },
    async () => {
      const adminUrl = inject('databaseUrl');
      if (!adminUrl)
        throw new Error('this test needs the database URL (set E2E_DATABASE_URL with E2E_BASE_URL)');

      const member = await browser.newPage();
      const memberEmail = uniqueEmail('supported');
      await signUp(member, memberEmail, PASSWORD);

      const staff = await browser.newPage();
      const staffEmail = uniqueEmail('staff');
      await signUp(staff, staffEmail, PASSWORD);
      // Members never see the console.
      expect(await staff.getByRole('link', { name: S.title }).count()).toBe(0);
      await run('npm', ['run', '-s', 'grant-role', '-w', '@act/identity', '--', staffEmail, 'support'], {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: databaseUrl(adminUrl, `${inject('namespace')}_identity`) },
      });
      // The next token (a reload refreshes the session) carries the role.
      await staff.reload();
      await staff.getByRole('link', { name: S.title }).click();
      await staff.waitForURL('**/support');

      // The member spends 40 of the free plan's 50 credits: the 80% line.
      const token = await accessToken(member, memberEmail, PASSWORD);
      for (let batch = 0; batch < 5; batch += 1) {
        await Promise.all(Array.from({ length: 8 }, () => useMagicEnhance(member, token)));
      }
      // Notices are raised when the uses are committed, which credits applies from its queue a moment later.
      await waitForNotices(member, token, 1);
      await goto(member, '/dashboard');
      const notice = member.getByText(CREDIT_CONTROLS_TEXTS.notice[80]);
      await notice.waitFor();
      expect(await notice.count()).toBe(1);
      await screenshot(member, 'usage-notice-80');
      await member.getByRole('button', { name: CREDIT_CONTROLS_TEXTS.notice.dismiss }).click();
      await notice.waitFor({ state: 'detached' });
      await useMagicEnhance(member, token);
      await member.reload();
      await member.getByRole('heading', { name: /Welcome back/ }).waitFor();
      await member.waitForLoadState('networkidle');
      expect(await member.getByText(CREDIT_CONTROLS_TEXTS.notice[80]).count()).toBe(0);

      await staff.getByLabel(S.findLabel).fill(memberEmail);
      await staff.getByRole('button', { name: S.find }).click();
      const view = staff.getByRole('region', { name: memberEmail });
      await view.waitFor();
      await view.getByLabel(S.amount).fill('25');
      await view.getByLabel(S.reason).fill('Sorry for the outage');
      await view.getByRole('button', { name: S.grant }).click();
      await view.getByRole('cell', { name: 'Support', exact: true }).waitFor();
      expect(await view.getByText(`${staffEmail}: Sorry for the outage`).count()).toBe(1);
      await screenshot(staff, 'support-console');

      // 50 - 41 + 25.
      await goto(member, '/dashboard');
      expect(await member.getByTestId('credit-balance').first().textContent()).toBe('34 credits');

      // The console's API stays closed to the member, through the gateway.
      const refused = await member.request.get(
        `/api/credits/support/member?email=${encodeURIComponent(memberEmail)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(refused.status()).toBe(403);
      expect((await member.request.get('/api/credits/support/member?email=a%40b.co')).status()).toBe(401);
    },
  );
});
