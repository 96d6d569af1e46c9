// A signed-up member as the API sees them: the access token a password sign-in gives, and a balance set straight in
// the running system's credits database (credits-db.ts) for tests that need more, or fewer, credits than sign-up gives.
import { expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { setCredits, userIdOf } from './credits-db';

/** The access token of a password sign-in, through the page's own request context (its cookies untouched). */
export async function accessToken(page: Page, email: string, password: string): Promise<string> {
  const reply = await page.request.post('/api/identity/token?grant_type=password', {
    data: { grant_type: 'password', email, password },
  });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { session: { access_token: string } }).session.access_token;
}

/** Sets the member's balance to `credits`; returns their access token. */
export async function setMemberCredits(
  page: Page,
  email: string,
  password: string,
  credits: number,
): Promise<string> {
  const adminUrl = inject('databaseUrl');
  if (!adminUrl) throw new Error('this test needs the database URL (set E2E_DATABASE_URL with E2E_BASE_URL)');
  const token = await accessToken(page, email, password);
  await setCredits({ adminUrl, namespace: inject('namespace') }, userIdOf(token), credits);
  return token;
}
