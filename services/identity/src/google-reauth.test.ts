// A Google account (no password) deletes itself only after a Google sign-in started for that purpose from its own
// session, through the real gateway and a local OpenID provider speaking Google's protocol: a plain sign-in proves
// nothing; the purpose sign-in leaves one proof, for that member only, spent by the deletion and gone after 5 minutes;
// a sign-in with another Google account leaves none; and it signs nobody in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CONTROL_TEXTS,
  ACCOUNT_DELETION_ENDPOINTS,
  ACCOUNT_PATH,
  API_ROUTES,
  ERROR_TEXTS,
  REFRESH_COOKIE_NAME,
} from '@act/contracts';
import { createBrowser, getJson, type TestBrowser } from './test-support/browser';
import { startGoogleTestBed, type GoogleTestBed } from './test-support/google';
import type { GatewayUnderTest, IdentityUnderTest } from './test-support/harness';

const R = API_ROUTES.identity;
const E = ACCOUNT_DELETION_ENDPOINTS;

let google: GoogleTestBed;
let identity: IdentityUnderTest;
let gateway: GatewayUnderTest;

beforeAll(async () => {
  google = await startGoogleTestBed();
  ({ identity, gateway } = google);
}, 120_000);

afterAll(async () => {
  await google?.close();
});

let counter = 0;
const newEmail = (label: string) => `${label}-${(counter += 1)}-${Date.now()}@example.com`;

interface GoogleMember {
  browser: TestBrowser;
  token: string;
  userId: string;
  subject: string;
}

/** A member made by a plain Google sign-in (a Google account: no password), with an access token. */
async function googleMember(label: string): Promise<GoogleMember> {
  const email = newEmail(label);
  const subject = `google-${email}`;
  google.signInAs({ sub: subject, email, email_verified: true });
  const browser = createBrowser(gateway.url);
  expect((await google.signIn(browser)).landing.pathname).toBe('/dashboard');
  const refreshed = await browser.postJson<{ session: { access_token: string; user: { id: string } } }>(
    `${R.token}?grant_type=refresh_token`,
    {},
  );
  expect(refreshed.status).toBe(200);
  return {
    browser,
    token: refreshed.body.session.access_token,
    userId: refreshed.body.session.user.id,
    subject,
  };
}

function startReauth(member: Pick<GoogleMember, 'browser' | 'token'>) {
  return member.browser.request(E.startGoogleReauth.path, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}` },
    json: {},
  });
}

/** The purpose sign-in from the account page, as `googleAccount` at Google; returns where the browser lands. */
async function reauthenticate(member: GoogleMember, googleAccount = member.subject): Promise<URL> {
  const started = await startReauth(member);
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  google.signInAs({ sub: googleAccount, email: newEmail('at-google'), email_verified: true });
  return (await google.through(member.browser, new URL(url))).landing;
}

async function deleteAccount(member: Pick<GoogleMember, 'browser' | 'token'>, body: unknown = {}) {
  const response = await member.browser.request(E.deleteAccount.path, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${member.token}` },
    json: body,
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; error?: string } };
}

const refused = {
  status: 403,
  body: expect.objectContaining({ success: false, error: ACCOUNT_CONTROL_TEXTS.errors.reauthRequired }),
};
const stillThere = async (member: GoogleMember) =>
  (await getJson(createBrowser(identity.url), R.user, member.token)).status;

describe('deleting a Google account', () => {
  it('is refused after a plain Google sign-in, however recent', async () => {
    const member = await googleMember('plain');
    // Another plain sign-in with the same Google account, seconds ago.
    const again = createBrowser(gateway.url);
    google.signInAs({ sub: member.subject, email: newEmail('again'), email_verified: true });
    expect((await google.signIn(again)).landing.pathname).toBe('/dashboard');

    expect(await deleteAccount(member)).toEqual(refused);
    expect(await stillThere(member)).toBe(200);
  });

  it('deletes after the purpose sign-in, which signs nobody in and works once', async () => {
    const member = await googleMember('purpose');
    const cookieBefore = member.browser.cookie(REFRESH_COOKIE_NAME);
    const landing = await reauthenticate(member);
    expect(`${landing.pathname}${landing.search}`).toBe(`${ACCOUNT_PATH}&reauth=confirmed`);
    // No new session: the member's own refresh cookie is the one it had.
    expect(member.browser.cookie(REFRESH_COOKIE_NAME)).toBe(cookieBefore);

    expect(await deleteAccount(member)).toEqual({ status: 200, body: { success: true } });
    expect(await stillThere(member)).toBe(401);
    const [left] = await identity.sql<{ count: number }[]>`
      select count(*)::int as count from reauth_proofs where user_id = ${member.userId}`;
    expect(left!.count).toBe(0);
  });

  it('spends the proof once: two deletions at once with one proof delete once', async () => {
    const member = await googleMember('twice');
    await reauthenticate(member);
    const [first, second] = await Promise.all([deleteAccount(member), deleteAccount(member)]);
    // One spends the proof and deletes; the other finds no proof (403) or, after the commit, no account (401).
    expect([first.status, second.status]).toContain(200);
    expect([first.status, second.status].filter((status) => status === 200)).toHaveLength(1);
  });

  it("does nothing for another member: A's proof does not delete B", async () => {
    const a = await googleMember('proof-a');
    const b = await googleMember('proof-b');
    await reauthenticate(a);
    expect(await deleteAccount(b)).toEqual(refused);
    expect(await stillThere(b)).toBe(200);
    // B starting the purpose sign-in and finishing it as A's Google account proves nothing either.
    const landing = await reauthenticate(b, a.subject);
    expect(landing.searchParams.get('reauth')).toBe('failed');
    expect(await deleteAccount(b)).toEqual(refused);
    expect(await stillThere(b)).toBe(200);
    // A's own proof is untouched by all of this.
    expect((await deleteAccount(a)).status).toBe(200);
  });

  it('is refused once the proof is older than 5 minutes', async () => {
    const member = await googleMember('expired');
    await reauthenticate(member);
    await identity.sql`
      update reauth_proofs set expires_at = now() - interval '1 second' where user_id = ${member.userId}`;
    expect(await deleteAccount(member)).toEqual(refused);
    expect(await stillThere(member)).toBe(200);
  });

  it('starts only for a signed-in Google account, and only in the browser that started it', async () => {
    const noToken = await createBrowser(gateway.url).request(E.startGoogleReauth.path, {
      method: 'POST',
      json: {},
    });
    expect(noToken.status).toBe(401);

    // A password account deletes with its password.
    const email = newEmail('password');
    const browser = createBrowser(gateway.url);
    const signedUp = await browser.postJson<{ session: { access_token: string } }>(R.signup, {
      email,
      password: 'correct horse battery',
    });
    const withPassword = await startReauth({ browser, token: signedUp.body.session.access_token });
    expect(withPassword.status).toBe(403);
    expect(((await withPassword.json()) as { error: string }).error).toBe(
      ACCOUNT_CONTROL_TEXTS.errors.usePassword,
    );

    // Google sends the member's browser back, but another browser (a hijacker who started it) holds the state
    // cookie: the victim's browser is turned away and no proof is left.
    const member = await googleMember('other-browser');
    const hijacker = { browser: createBrowser(gateway.url), token: member.token };
    const started = await startReauth(hijacker);
    const { url } = (await started.json()) as { url: string };
    google.signInAs({ sub: member.subject, email: newEmail('victim'), email_verified: true });
    const { landing } = await google.through(member.browser, new URL(url));
    expect(landing.pathname).toBe('/auth');
    expect(landing.searchParams.get('error')).toBe(ERROR_TEXTS.auth.googleSignInFailed);
    expect(await deleteAccount(member)).toEqual(refused);
  });
});
