// End to end through the real gateway process: sessions and their rotation, token checks at the gateway, password
// reset, Google sign-in against a local OpenID provider, and that no secret ever reaches a log line.
import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS, REFRESH_COOKIE_NAME } from '@act/contracts';
import { listEmailsFor } from './db/outbox';
import { digest } from './domain/secrets';
import { REFRESH_REUSE_GRACE_SECONDS } from './domain/sessions';
import { createBrowser, getJson, type TestBrowser } from './test-support/browser';
import { waitForUserCreated } from './test-support/events';
import { startGoogleTestBed, type GoogleTestBed } from './test-support/google';
import {
  RELAXED_RATE_LIMITS,
  startGateway,
  startIdentity,
  type GatewayUnderTest,
  type IdentityUnderTest,
} from './test-support/harness';

const R = API_ROUTES.identity;

interface SessionBody {
  success: boolean;
  error?: string;
  session: {
    access_token: string;
    token_type: string;
    expires_in: number;
    expires_at: number;
    refresh_token?: string;
    user: { id: string; email: string; created_at: string };
  };
}

/** Every secret the tests handle; none may appear in any log line. */
const secrets = new Set<string>();
const remember = (...values: (string | undefined)[]) => values.forEach((v) => v && secrets.add(v));

let google: GoogleTestBed;
let identity: IdentityUnderTest;
let gateway: GatewayUnderTest;

beforeAll(async () => {
  google = await startGoogleTestBed({
    rateLimitRules: {
      ...RELAXED_RATE_LIMITS,
      perEmailAndIp: { password: { points: 5, durationSeconds: 900 } },
    },
  });
  ({ identity, gateway } = google);
});

afterAll(async () => {
  await google?.close();
});

let emailCounter = 0;
function newEmail(label: string): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${Date.now()}@example.com`;
}

async function signUp(browser: TestBrowser, email: string, password: string) {
  remember(password);
  const reply = await browser.postJson<SessionBody>(R.signup, { email, password });
  remember(reply.body.session?.access_token, browser.cookie(REFRESH_COOKIE_NAME));
  return reply;
}

async function signIn(browser: TestBrowser, email: string, password: string) {
  remember(password);
  const reply = await browser.postJson<SessionBody>(`${R.token}?grant_type=password`, { email, password });
  remember(reply.body.session?.access_token, browser.cookie(REFRESH_COOKIE_NAME));
  return reply;
}

async function refresh(browser: TestBrowser) {
  const reply = await browser.postJson<SessionBody>(`${R.token}?grant_type=refresh_token`, {});
  remember(reply.body.session?.access_token, browser.cookie(REFRESH_COOKIE_NAME));
  return reply;
}

/** Moves a token's rotation back past the grace window, as if the copy came back much later. */
async function endGraceWindow(token: string): Promise<void> {
  const moved = await identity.sql`
    update refresh_tokens set rotated_at = rotated_at - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS + 1})
    where token_hash = ${digest(token)} and rotated_at is not null`;
  expect(moved.count).toBe(1);
}

async function familyTokenCount(userId: string): Promise<number> {
  const [row] = await identity.sql<{ count: number }[]>`
    select count(*)::int as count from refresh_tokens t join session_families f on f.id = t.family_id
    where f.user_id = ${userId}`;
  return row!.count;
}

describe('sessions through the gateway', () => {
  it('signs up, signs in, rotates on refresh, revokes the family on reuse and on logout', async () => {
    const browser = createBrowser(gateway.url);
    const email = newEmail('flow');
    const password = 'correct horse battery';

    const created = await signUp(browser, ` ${email.toUpperCase()} `, password);
    expect(created.status).toBe(200);
    expect(created.body.session).toMatchObject({ token_type: 'bearer', expires_in: 900, user: { email } });
    expect(created.body.session.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
    expect(created.body.session.refresh_token).toBeUndefined();
    const cookie = created.headers.getSetCookie().find((line) => line.startsWith(`${REFRESH_COOKIE_NAME}=`));
    expect(cookie).toMatch(/; Path=\/api\/identity; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const userId = created.body.session.user.id;
    const published = await waitForUserCreated(identity.runtime.deps.nc, identity.namespace, userId);
    expect(published.messageId).toBe(userId);
    expect(published.event).toMatchObject({ userId, email });

    const me = await getJson<{ user: { id: string } }>(browser, R.user, created.body.session.access_token);
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(userId);

    // A second browser signs in: its own family.
    const other = createBrowser(gateway.url);
    const signedIn = await signIn(other, email, password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.session.user.id).toBe(userId);

    const firstToken = other.cookie(REFRESH_COOKIE_NAME)!;
    const rotated = await refresh(other);
    expect(rotated.status).toBe(200);
    const secondToken = other.cookie(REFRESH_COOKIE_NAME)!;
    expect(secondToken).not.toBe(firstToken);
    expect(rotated.body.session.access_token).not.toBe(signedIn.body.session.access_token);

    // The spent token shows up again after the grace window (a copy): refused, and the whole family goes with it.
    await endGraceWindow(firstToken);
    const thief = createBrowser(gateway.url);
    thief.setCookie(REFRESH_COOKIE_NAME, firstToken, '/api/identity');
    const replay = await refresh(thief);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ success: false, error: ERROR_TEXTS.server.sessionExpired });
    expect((await refresh(other)).status).toBe(401);
    expect(other.cookie(REFRESH_COOKIE_NAME)).toBeUndefined();

    // The first browser's family is untouched until it signs out.
    expect((await refresh(browser)).status).toBe(200);
    const beforeLogout = browser.cookie(REFRESH_COOKIE_NAME)!;
    const logout = await browser.postJson(R.logout, {});
    expect(logout.status).toBe(200);
    expect(browser.cookie(REFRESH_COOKIE_NAME)).toBeUndefined();
    const afterLogout = createBrowser(gateway.url);
    afterLogout.setCookie(REFRESH_COOKIE_NAME, beforeLogout, '/api/identity');
    expect((await refresh(afterLogout)).status).toBe(401);
  });

  it('lets two tabs refreshing at once both succeed with one successor, and the member stays signed in', async () => {
    const browser = createBrowser(gateway.url);
    const email = newEmail('race');
    const created = await signUp(browser, email, 'race-password-1');
    const token = browser.cookie(REFRESH_COOKIE_NAME)!;
    const tabs = [createBrowser(gateway.url), createBrowser(gateway.url)];
    for (const tab of tabs) tab.setCookie(REFRESH_COOKIE_NAME, token, '/api/identity');

    const replies = await Promise.all(tabs.map((tab) => refresh(tab)));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const [first, second] = tabs.map((tab) => tab.cookie(REFRESH_COOKIE_NAME)!);
    expect(first).not.toBe(token);
    expect(second).toBe(first);
    // One rotation, not one per request: the family holds the first token and its one successor.
    expect(await familyTokenCount(created.body.session.user.id)).toBe(2);

    // Both tabs keep refreshing, and a tab arriving late with the old token is walked to the live one.
    expect((await refresh(tabs[0]!)).status).toBe(200);
    expect((await refresh(tabs[1]!)).status).toBe(200);
    expect(tabs[1]!.cookie(REFRESH_COOKIE_NAME)).toBe(tabs[0]!.cookie(REFRESH_COOKIE_NAME));
    expect((await refresh(browser)).status).toBe(200);
    expect(browser.cookie(REFRESH_COOKIE_NAME)).toBe(tabs[0]!.cookie(REFRESH_COOKIE_NAME));
    expect((await refresh(tabs[0]!)).status).toBe(200);
  });

  it('revokes the family when a rotated token comes back after the grace window', async () => {
    const browser = createBrowser(gateway.url);
    await signUp(browser, newEmail('late'), 'late-password-1');
    const spent = browser.cookie(REFRESH_COOKIE_NAME)!;
    expect((await refresh(browser)).status).toBe(200);

    await endGraceWindow(spent);
    const late = createBrowser(gateway.url);
    late.setCookie(REFRESH_COOKIE_NAME, spent, '/api/identity');
    expect((await refresh(late)).status).toBe(401);
    expect((await refresh(browser)).status).toBe(401);
  });

  it('answers an unknown email and a wrong password the same way', async () => {
    const browser = createBrowser(gateway.url);
    const email = newEmail('same');
    await signUp(browser, email, 'the-right-password');
    const wrong = await signIn(createBrowser(gateway.url), email, 'the-wrong-password');
    const unknown = await signIn(createBrowser(gateway.url), newEmail('nobody'), 'the-wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe(ERROR_TEXTS.server.invalidCredentials);
  });

  it('stops password guessing on one account with 429 and Retry-After', async () => {
    const browser = createBrowser(gateway.url);
    const email = newEmail('guess');
    await signUp(browser, email, 'guess-me-if-you-can');
    const attacker = createBrowser(gateway.url);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(attacker, email, `wrong-${attempt}`)).status).toBe(401);
    }
    const blocked = await signIn(attacker, email, 'wrong-again');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      success: false,
      error: ERROR_TEXTS.server.rateLimited,
      code: 'RATE_LIMITED',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits from that address: the limit counts attempts, not only wrong answers.
    expect((await signIn(attacker, email, 'guess-me-if-you-can')).status).toBe(429);
  });
});

describe('access tokens at the gateway', () => {
  let realKey: { kid: string; privateKey: CryptoKey };
  let member: { id: string; email: string };

  beforeAll(async () => {
    const key = identity.runtime.deps.keys.signingKey();
    realKey = { kid: key.kid, privateKey: key.privateKey };
    const reply = await signUp(createBrowser(gateway.url), newEmail('jwt'), 'jwt-password-1');
    member = reply.body.session.user;
  });

  async function token(options: {
    key?: CryptoKey;
    kid?: string;
    issuer?: string;
    audience?: string;
    expiresAt?: number;
  }): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: member.email })
      .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? realKey.kid, typ: 'JWT' })
      .setSubject(member.id)
      .setIssuer(options.issuer ?? 'act-identity')
      .setAudience(options.audience ?? 'act-api')
      .setIssuedAt(now - 60)
      .setExpirationTime(options.expiresAt ?? now + 600)
      .sign(options.key ?? realKey.privateKey);
  }

  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts a well-formed token signed by identity', async () => {
    const reply = await getJson(createBrowser(gateway.url), R.user, await token({}));
    expect(reply.status).toBe(200);
  });

  it('refuses forged, unsigned, expired, unknown-key and foreign tokens with 401 before identity sees them', async () => {
    const { privateKey: strangerKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      sub: member.id,
      email: member.email,
      iss: 'act-identity',
      aud: 'act-api',
      exp: now + 600,
    })}.`;
    const signed = await token({});
    const [header, payload, signature] = signed.split('.');
    const tamperedPayload = base64url({
      sub: member.id,
      email: 'admin@example.com',
      iss: 'act-identity',
      aud: 'act-api',
      exp: now + 600,
    });
    const cases: Record<string, string> = {
      'forged signature (stranger key, real kid)': await token({ key: strangerKey }),
      'payload edited after signing': `${header}.${tamperedPayload}.${signature}`,
      'alg none': unsigned,
      expired: await token({ expiresAt: now - 120 }),
      'unknown kid': await token({ key: strangerKey, kid: 'not-a-key-of-ours' }),
      'wrong issuer': await token({ issuer: 'someone-else' }),
      'wrong audience': await token({ audience: 'another-api' }),
      'HS256 keyed with our public key': await new SignJWT({ email: member.email })
        .setProtectedHeader({ alg: 'HS256', kid: realKey.kid })
        .setSubject(member.id)
        .setIssuer('act-identity')
        .setAudience('act-api')
        .setExpirationTime(now + 600)
        .sign(new TextEncoder().encode(JSON.stringify(identity.runtime.deps.keys.jwks().keys[0]))),
      'not a JWT': 'definitely-not-a-token',
    };
    expect(payload).toBeDefined();

    const identityRequestsBefore = identity.logs.lines.filter((line) =>
      line.includes(`"path":"${R.user}"`),
    ).length;
    for (const [name, value] of Object.entries(cases)) {
      const reply = await getJson(createBrowser(gateway.url), R.user, value);
      expect({ name, status: reply.status, body: reply.body }).toEqual({
        name,
        status: 401,
        body: { success: false, error: ERROR_TEXTS.auth.authenticationFailed, code: 'UNAUTHENTICATED' },
      });
    }
    const missing = await getJson(createBrowser(gateway.url), R.user);
    expect(missing.status).toBe(401);
    // The gateway turned every one of them away: identity never received the request.
    const identityRequestsAfter = identity.logs.lines.filter((line) =>
      line.includes(`"path":"${R.user}"`),
    ).length;
    expect(identityRequestsAfter).toBe(identityRequestsBefore);
  });

  it('lets public routes through without a token', async () => {
    const browser = createBrowser(gateway.url);
    expect((await getJson(browser, R.jwks)).status).toBe(200);
    expect((await getJson(browser, R.settings)).body).toEqual({ success: true, providers: { google: true } });
    expect((await browser.postJson(R.recover, { email: newEmail('public') })).status).toBe(200);
  });
});

describe('password reset through the gateway', () => {
  it('emails a single-use link, sets the new password and ends the old sessions', async () => {
    const browser = createBrowser(gateway.url);
    const email = newEmail('reset');
    await signUp(browser, email, 'forgotten-password');
    const oldSessionToken = browser.cookie(REFRESH_COOKIE_NAME)!;

    const requested = await browser.postJson(R.recover, { email });
    expect(requested).toMatchObject({ status: 200, body: { success: true } });
    // An unknown address gets the same answer and no email.
    const unknownEmail = newEmail('unknown');
    expect((await browser.postJson(R.recover, { email: unknownEmail })).body).toEqual({ success: true });
    expect(await listEmailsFor(identity.sql, unknownEmail)).toEqual([]);

    const [message] = await listEmailsFor(identity.sql, email);
    expect(message).toMatchObject({ subject: 'Reset your password', purpose: 'recovery', sent_at: null });
    const link = new URL(/https?:\/\/\S+/.exec(message!.body!)![0]);
    expect(link.origin).toBe(gateway.url);
    expect(link.pathname).toBe('/auth');
    expect(link.search).toBe('');
    const fragment = new URLSearchParams(link.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const resetToken = fragment.get('token')!;
    remember(resetToken, 'a-brand-new-password');

    const reader = createBrowser(gateway.url);
    const verified = await reader.postJson<SessionBody>(R.verify, {
      type: 'recovery',
      token: resetToken,
      password: 'a-brand-new-password',
    });
    expect(verified.status).toBe(200);
    expect(verified.body.session.user.email).toBe(email);
    remember(verified.body.session.access_token, reader.cookie(REFRESH_COOKIE_NAME));

    const again = await reader.postJson(R.verify, {
      type: 'recovery',
      token: resetToken,
      password: 'yet-another-one',
    });
    expect(again).toMatchObject({ status: 400, body: { error: ERROR_TEXTS.server.invalidRecoveryToken } });

    expect((await signIn(createBrowser(gateway.url), email, 'forgotten-password')).status).toBe(401);
    expect((await signIn(createBrowser(gateway.url), email, 'a-brand-new-password')).status).toBe(200);
    const oldSession = createBrowser(gateway.url);
    oldSession.setCookie(REFRESH_COOKIE_NAME, oldSessionToken, '/api/identity');
    expect((await refresh(oldSession)).status).toBe(401);
  });
});

describe('Google sign-in through the gateway', () => {
  /** Walks the browser through authorize → provider → callback, returning the final redirect. */
  async function googleSignIn(browser: TestBrowser, query?: string): Promise<URL> {
    const { callback, landing } = await google.signIn(browser, query);
    remember(callback.searchParams.get('code') ?? undefined, callback.searchParams.get('state') ?? undefined);
    return landing;
  }

  it('creates the account from a verified Google email and lands on the dashboard signed in', async () => {
    const email = newEmail('google');
    google.signInAs({ sub: `google-${email}`, email, email_verified: true });
    const browser = createBrowser(gateway.url);
    const landing = await googleSignIn(browser);
    expect(landing.pathname).toBe('/dashboard');

    const session = await refresh(browser);
    expect(session.status).toBe(200);
    expect(session.body.session.user.email).toBe(email);
    await waitForUserCreated(identity.runtime.deps.nc, identity.namespace, session.body.session.user.id);

    // Signing in again with the same Google account finds the same member.
    const again = createBrowser(gateway.url);
    expect((await googleSignIn(again)).pathname).toBe('/dashboard');
    expect((await refresh(again)).body.session.user.id).toBe(session.body.session.user.id);
  });

  it('links Google to an existing password account with the same verified email', async () => {
    const email = newEmail('link');
    const created = await signUp(createBrowser(gateway.url), email, 'password-then-google');
    google.signInAs({ sub: `google-${email}`, email: email.toUpperCase(), email_verified: true });
    const browser = createBrowser(gateway.url);
    expect(
      (await googleSignIn(browser, 'provider=google&redirect_to=%2Ftools%2Fmagic-enhance')).pathname,
    ).toBe('/tools/magic-enhance');
    expect((await refresh(browser)).body.session.user.id).toBe(created.body.session.user.id);
  });

  it('takes an account back from whoever signed up with the address without proving it', async () => {
    const email = newEmail('squatted');
    const squatter = createBrowser(gateway.url);
    const squatted = await signUp(squatter, email, 'squatter-password');
    const squatterSecondDevice = createBrowser(gateway.url);
    expect((await signIn(squatterSecondDevice, email, 'squatter-password')).status).toBe(200);

    google.signInAs({ sub: `google-${email}`, email, email_verified: true });
    const owner = createBrowser(gateway.url);
    expect((await googleSignIn(owner)).pathname).toBe('/dashboard');
    const ownerSession = await refresh(owner);
    expect(ownerSession.status).toBe(200);
    expect(ownerSession.body.session.user.id).toBe(squatted.body.session.user.id);

    // Every session the squatter opened is over, and their password no longer opens the account.
    expect((await refresh(squatter)).status).toBe(401);
    expect((await refresh(squatterSecondDevice)).status).toBe(401);
    expect((await signIn(createBrowser(gateway.url), email, 'squatter-password')).status).toBe(401);
    // The owner's Google session is untouched.
    expect((await refresh(owner)).status).toBe(200);
  });

  it('keeps the password and sessions of an account whose address was proved by a reset link', async () => {
    const email = newEmail('proved');
    const member = createBrowser(gateway.url);
    await signUp(member, email, 'password-before-reset');
    await member.postJson(R.recover, { email });
    const [message] = await listEmailsFor(identity.sql, email);
    const resetToken = new URLSearchParams(
      new URL(/https?:\/\/\S+/.exec(message!.body!)![0]).hash.slice(1),
    ).get('token')!;
    remember(resetToken, 'password-after-reset');
    const reset = await member.postJson<SessionBody>(R.verify, {
      type: 'recovery',
      token: resetToken,
      password: 'password-after-reset',
    });
    expect(reset.status).toBe(200);
    remember(reset.body.session.access_token, member.cookie(REFRESH_COOKIE_NAME));

    google.signInAs({ sub: `google-${email}`, email, email_verified: true });
    const viaGoogle = createBrowser(gateway.url);
    expect((await googleSignIn(viaGoogle)).pathname).toBe('/dashboard');
    expect((await refresh(viaGoogle)).body.session.user.id).toBe(reset.body.session.user.id);
    expect((await refresh(member)).status).toBe(200);
    expect((await signIn(createBrowser(gateway.url), email, 'password-after-reset')).status).toBe(200);
  });

  it('sends failures back to /auth with the spec text', async () => {
    const failed = `/auth?error=${encodeURIComponent(ERROR_TEXTS.auth.googleSignInFailed).replace(/%20/g, '+')}`;

    google.signInAs({ sub: 'google-unverified', email: newEmail('unverified'), email_verified: false });
    const unverified = await googleSignIn(createBrowser(gateway.url));
    expect(`${unverified.pathname}${unverified.search}`).toBe(failed);

    // The callback arrives in a browser that never started the sign-in (login CSRF): no state cookie.
    google.signInAs({ sub: 'google-csrf', email: newEmail('csrf'), email_verified: true });
    const victim = createBrowser(gateway.url);
    const start = await createBrowser(gateway.url).request(`${R.authorize}?provider=google`);
    const fromProvider = await google.answer(new URL(start.headers.get('location')!));
    const forced = await victim.request(fromProvider.toString());
    expect(forced.headers.get('location')).toBe(failed);
    expect(victim.cookie(REFRESH_COOKIE_NAME)).toBeUndefined();

    // The user says no at Google.
    const denier = createBrowser(gateway.url);
    const begun = await denier.request(`${R.authorize}?provider=google`);
    const state = new URL(begun.headers.get('location')!).searchParams.get('state')!;
    const denied = await denier.request(`${R.callback}?error=access_denied&state=${state}`);
    expect(denied.headers.get('location')).toBe(failed);
  });
});

describe('logs', () => {
  it('never contain a password, a password hash or a token', async () => {
    const hashes = await identity.sql<{ password_hash: string }[]>`
      select password_hash from users where password_hash is not null`;
    expect(hashes.length).toBeGreaterThan(3);
    for (const { password_hash } of hashes) remember(password_hash);
    expect(secrets.size).toBeGreaterThan(20);

    const everything = `${identity.logs.text()}\n${gateway.output()}`;
    expect(identity.logs.lines.length).toBeGreaterThan(50);
    for (const secret of secrets)
      expect(everything.includes(secret), `a secret leaked: ${secret.slice(0, 6)}…`).toBe(false);
    expect(everything).not.toContain('$argon2');
  });
});

describe('rate limits by client IP at the gateway', () => {
  let strictIdentity: IdentityUnderTest;
  let strictGateway: GatewayUnderTest;

  beforeAll(async () => {
    strictIdentity = await startIdentity({
      rateLimitRules: {
        ...RELAXED_RATE_LIMITS,
        perIp: {
          ...RELAXED_RATE_LIMITS.perIp,
          signup: { points: 3, durationSeconds: 3600 },
          password: { points: 4, durationSeconds: 900 },
        },
      },
    });
    strictGateway = await startGateway({ identity: strictIdentity });
  });

  afterAll(async () => {
    await strictGateway?.close();
    await strictIdentity?.close();
  });

  it('counts brute-force sign-ins across many accounts against the one IP', async () => {
    const attacker = createBrowser(strictGateway.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await signIn(attacker, newEmail(`spray${attempt}`), 'password-spray')).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('ignores a client-sent x-client-ip or X-Forwarded-For from an untrusted peer', async () => {
    const spoofer = createBrowser(strictGateway.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const reply = await spoofer.postJson(
        R.signup,
        { email: newEmail('spoof'), password: 'spoofing-password' },
        { 'x-client-ip': `203.0.113.${attempt + 1}`, 'x-forwarded-for': `198.51.100.${attempt + 1}` },
      );
      statuses.push(reply.status);
    }
    // Four different claimed addresses, one real peer: the fourth sign-up is over the per-IP limit of three.
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
