// The member journey of issue 5 in Chromium against the running system: landing → Get Started Free → sign up →
// dashboard (50 credits, Free badge) → a tool card opens the frame → back → account tabs → usage history →
// sign out → a protected route redirects to /auth. Axe checks and screenshots on the way.
import { describe, expect, it } from 'vitest';
import { DEEP_SEARCH_TEXTS } from '@act/contracts';
import type { Page } from 'playwright-core';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';
import { expectSingleUsageEntry } from './support/usage-history';

const PASSWORD = 'correct-horse-7';

/** Uses Magic Enhance through the API with a password-grant token, as any client may, to create a usage entry. */
async function useMagicEnhance(page: Page, email: string): Promise<number> {
  const token = await page.request.post('/api/identity/token?grant_type=password', {
    data: { grant_type: 'password', email, password: PASSWORD },
  });
  expect(token.ok()).toBe(true);
  const { session } = (await token.json()) as { session: { access_token: string } };
  const reply = await page.request.post('/api/prompt/generate-text-prompt', {
    headers: { authorization: `Bearer ${session.access_token}` },
    data: { text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' },
  });
  const body = (await reply.json()) as { success: boolean; remainingCredits?: number; error?: string };
  expect(body, JSON.stringify(body)).toMatchObject({ success: true });
  return body.remainingCredits ?? -1;
}

describe('member journey', () => {
  const browser = useBrowser();

  it('signs up from the landing page, uses the dashboard and account, and signs out', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('journey');

    await goto(page, '/');
    await page.getByRole('link', { name: 'Get Started Free' }).first().click();
    await page.waitForURL('**/auth?signup=true');
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');

    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(await page.getByTestId('credit-balance').first().textContent()).toBe('50 credits');
    expect(await page.locator('.sh-app-header .sh-plan-badge').textContent()).toBe('Free');
    expect(await page.title()).toBe('Dashboard | AI Creative Toolbox');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard');

    // A tool card opens the tool frame with the remote's page; Back to Dashboard returns.
    await page
      .getByTestId('tool-card-magic-enhance')
      .getByRole('button', { name: /Use Tool/ })
      .click();
    await page.waitForURL('**/tools/magic-enhance');
    await page.getByRole('heading', { level: 1, name: 'Magic Enhance' }).waitFor();
    expect(await page.title()).toBe('Magic Prompt Enhancer | AI Creative Toolbox');
    expect(await page.getByTestId('credit-balance').textContent()).toBe('50 credits');
    await page.getByLabel('Your prompt').waitFor({ timeout: 15_000 });
    await screenshot(page, 'tool-frame');
    await page.getByRole('link', { name: 'Back to Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');

    // One use, then the balance and the usage history follow.
    expect(await useMagicEnhance(page, email)).toBe(49);

    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/dashboard?view=account');
    await page.getByRole('tab', { name: 'Overview' }).waitFor();
    expect(await page.getByRole('tabpanel').textContent()).toContain(email);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'account-overview');

    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByRole('button', { name: 'Upgrade: Premium' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await screenshot(page, 'account-subscription');

    await expectSingleUsageEntry(page, { tool: 'Magic Enhance', cost: '1 credit', balance: '49 credits' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'account-usage-history');

    await page.getByRole('link', { name: 'Back to Tools' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Your AI Creative Toolbox' }).waitFor();

    // The refresh cookie is revoked: a protected route now sends the visitor to /auth.
    await goto(page, '/dashboard');
    await page.waitForURL('**/auth');
    await goto(page, '/tools/magic-enhance');
    await page.waitForURL('**/auth');
  });

  it('keeps the session across a reload (refresh cookie) and signs back in', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('reload');
    await signUp(page, email, PASSWORD);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    expect(page.url()).toMatch(/\/dashboard$/);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await goto(page, '/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).not.toBe('');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
  });

  // Every tool has a page since Deep Search got its own (issue 24); the coming-soon notice of a tool without one is
  // covered by shell/src/pages/tool-frame/tool-frame-page.test.tsx.
  it('opens Deep Search as its page, no longer coming soon, and an unknown tool goes to the dashboard', async () => {
    const page = await browser.newPage();
    await signUp(page, uniqueEmail('soon'));
    await goto(page, '/tools/deep-search');
    await page.getByLabel(DEEP_SEARCH_TEXTS.questionLabel).waitFor();
    expect(await page.getByText(/This tool is coming soon!/).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'Deep Search' }).count()).toBe(1);
    await goto(page, '/tools/no-such-tool');
    await page.waitForURL('**/dashboard');
  });

  it('shows the fallback with Retry for a remote that cannot be loaded, while the shell keeps working', async () => {
    const page = await browser.newPage();
    await signUp(page, uniqueEmail('dead'));
    // The chat family's files answer 503, as during an outage of its deployment (whether or not it is built).
    await page.route('**/remotes/chat/**', (route) =>
      route.fulfill({ status: 503, body: 'Service Unavailable' }),
    );
    await goto(page, '/tools/ai-chat-playground');
    await page.getByText('This tool could not be loaded').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await page.getByTestId('credit-balance').textContent()).toBe('50 credits');
    await screenshot(page, 'remote-fallback');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('This tool could not be loaded').waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  });
});
