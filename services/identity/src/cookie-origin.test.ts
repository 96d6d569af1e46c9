// The refresh-cookie endpoints (sign-up, sign-in and refresh on POST token, sign-out) answer a browser only for
// our own pages: a request another site's page started is refused with 403 and changes nothing (the session stays
// alive, no cookie is set or cleared); the shell's own origin, a same-origin fetch and non-browser clients (no
// Origin, no Sec-Fetch-Site) go through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS, REFRESH_COOKIE_NAME } from '@act/contracts';
import { createBrowser, type TestBrowser } from './test-support/browser';
import { startIdentity, type IdentityUnderTest } from './test-support/harness';

const R = API_ROUTES.identity;
const SHELL = 'https://toolbox.example';

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity({ env: { PUBLIC_URL: SHELL } });
});

afterAll(async () => {
  await identity?.close();
});

let counter = 0;

/** A member signed up from the shell's page, with the refresh cookie in the jar. */
async function signedIn(): Promise<TestBrowser> {
  const browser = createBrowser(identity.url);
  const reply = await browser.postJson(
    R.signup,
    { email: `origin-${(counter += 1)}-${Date.now()}@example.com`, password: 'a-good-password' },
    { origin: SHELL, 'sec-fetch-site': 'same-origin' },
  );
  expect(reply.status).toBe(200);
  expect(browser.cookie(REFRESH_COOKIE_NAME)).toBeDefined();
  return browser;
}

const refreshPath = `${R.token}?grant_type=refresh_token`;

const CROSS_SITE: Array<[string, Record<string, string>]> = [
  ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  [
    'a sibling origin of the same site',
    { origin: 'https://other.toolbox.example', 'sec-fetch-site': 'same-site' },
  ],
  ['an older browser that sends only Origin', { origin: 'https://evil.example' }],
  ['a sandboxed page (Origin: null)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
];

describe('the refresh-cookie endpoints', () => {
  it.each(CROSS_SITE)(
    'refuse a refresh and a sign-out started by %s, and the session lives on',
    async (_who, headers) => {
      const browser = await signedIn();
      const cookie = browser.cookie(REFRESH_COOKIE_NAME);
      for (const path of [refreshPath, R.logout]) {
        const reply = await browser.postJson(path, {}, headers);
        expect({ path, status: reply.status, body: reply.body }).toMatchObject({
          path,
          status: 403,
          body: { success: false, error: ERROR_TEXTS.server.crossSiteRefused, code: 'FORBIDDEN' },
        });
        expect(reply.headers.getSetCookie()).toEqual([]);
      }
      // The cross-site sign-out ended nothing: the shell still refreshes with the same cookie.
      expect(browser.cookie(REFRESH_COOKIE_NAME)).toBe(cookie);
      const refreshed = await browser.postJson(
        refreshPath,
        {},
        { origin: SHELL, 'sec-fetch-site': 'same-origin' },
      );
      expect(refreshed.status).toBe(200);
    },
  );

  it('refuse a sign-in and a sign-up from another site (login CSRF)', async () => {
    const browser = createBrowser(identity.url);
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const email = `csrf-${Date.now()}@example.com`;
    expect((await browser.postJson(R.signup, { email, password: 'a-good-password' }, evil)).status).toBe(403);
    expect(await identity.sql`select id from users where email = ${email}`).toHaveLength(0);
    const signIn = await browser.postJson(
      `${R.token}?grant_type=password`,
      { email, password: 'a-good-password' },
      evil,
    );
    expect(signIn.status).toBe(403);
    expect(browser.cookie(REFRESH_COOKIE_NAME)).toBeUndefined();
  });

  it("accept the shell's own origin, a same-origin fetch and clients that are not browsers", async () => {
    const browser = await signedIn();
    const allowed: Array<Record<string, string>> = [
      { origin: SHELL, 'sec-fetch-site': 'same-origin' },
      // The shell's origin calling identity on another host of the same site (an API subdomain).
      { origin: SHELL, 'sec-fetch-site': 'same-site' },
      { origin: SHELL },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of allowed) {
      const reply = await browser.postJson(refreshPath, {}, headers);
      expect({ headers, status: reply.status }).toEqual({ headers, status: 200 });
    }
    const out = await browser.postJson(R.logout, {}, { origin: SHELL, 'sec-fetch-site': 'same-origin' });
    expect(out.status).toBe(200);
    expect(browser.cookie(REFRESH_COOKIE_NAME)).toBeUndefined();
    expect((await browser.postJson(refreshPath, {}, { origin: SHELL })).status).toBe(401);
  });
});
