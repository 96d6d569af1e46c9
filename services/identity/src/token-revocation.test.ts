// Signing out, changing or resetting the password end access tokens at once, not when they expire 15 minutes later: at the
// real gateway process (which learns revocations over NATS), at a gateway started afterwards (it syncs the list
// from identity), and at identity itself. A stand-in upstream behind the gateway answers 200 to anything, so a 401
// for a member route can only come from the gateway's own check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, REFRESH_COOKIE_NAME } from '@act/contracts';
import { listEmailsFor } from './db/outbox';
import { createBrowser, getJson, type TestBrowser } from './test-support/browser';
import {
  startGateway,
  startIdentity,
  startStandInUpstream,
  type GatewayUnderTest,
  type IdentityUnderTest,
  type StandInUpstream,
} from './test-support/harness';

const R = API_ROUTES.identity;
/** A member route of another service: the gateway checks the token, then the stand-in answers 200. */
const MEMBER_ROUTE = API_ROUTES.credits.me;
const PASSWORD = 'correct horse battery';

interface SessionBody {
  session: { access_token: string; user: { id: string } };
}

let identity: IdentityUnderTest;
let gateway: GatewayUnderTest;
let upstream: StandInUpstream;
const lateGateways: GatewayUnderTest[] = [];

beforeAll(async () => {
  upstream = await startStandInUpstream();
  identity = await startIdentity();
  gateway = await startGatewayWithUpstream();
});

afterAll(async () => {
  for (const late of lateGateways) await late.close();
  await gateway?.close();
  await identity?.close();
  await upstream?.close();
});

function startGatewayWithUpstream(): Promise<GatewayUnderTest> {
  return startGateway({ identity, env: upstream.gatewayEnv });
}

let counter = 0;
const newEmail = (label: string) => `${label}-${(counter += 1)}-${Date.now()}@example.com`;

async function signUp(browser: TestBrowser, email: string): Promise<SessionBody['session']> {
  const reply = await browser.postJson<SessionBody>(R.signup, { email, password: PASSWORD });
  expect(reply.status).toBe(200);
  return reply.body.session;
}

async function signIn(browser: TestBrowser, email: string, password = PASSWORD): Promise<string> {
  const reply = await browser.postJson<SessionBody>(`${R.token}?grant_type=password`, { email, password });
  expect(reply.status).toBe(200);
  return reply.body.session.access_token;
}

async function refresh(browser: TestBrowser) {
  return browser.postJson<SessionBody>(`${R.token}?grant_type=refresh_token`, {});
}

/** Status and body of a member route through a gateway. */
async function atGateway(token: string, via: GatewayUnderTest = gateway) {
  return getJson(createBrowser(via.url), MEMBER_ROUTE, token);
}

/** Status of GET user straight at identity (its own check). */
async function atIdentity(token: string): Promise<number> {
  return (await getJson(createBrowser(identity.url), R.user, token)).status;
}

/** Waits until the gateway refuses the token; returns how long that took. */
async function refusedWithin(token: string, limitMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if ((await atGateway(token)).status === 401) return Date.now() - start;
    if (Date.now() - start > limitMs) throw new Error(`token still accepted after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const invalidTokenBody = async () => (await atGateway('not.a.token')).body;

describe('access-token revocation', () => {
  it('refuses the access token of a signed-out session at the gateway within a second', async () => {
    const email = newEmail('logout');
    const browser = createBrowser(gateway.url);
    const session = await signUp(browser, email);
    expect((await atGateway(session.access_token)).status).toBe(200);
    // Verified (and remembered) by the gateway before the sign-out: the remembered token must go too.
    expect((await atGateway(session.access_token)).status).toBe(200);

    const other = createBrowser(gateway.url);
    const otherToken = await signIn(other, email);

    expect((await browser.postJson(R.logout, {})).status).toBe(200);
    expect(await refusedWithin(session.access_token, 1_000)).toBeLessThan(1_000);
    const refused = await atGateway(session.access_token);
    expect(refused.status).toBe(401);
    // Nothing tells a revoked token apart from any other invalid one.
    expect(refused.body).toEqual(await invalidTokenBody());
    expect(await atIdentity(session.access_token)).toBe(401);

    // Another session of the same member is not affected.
    expect((await atGateway(otherToken)).status).toBe(200);
    expect(await atIdentity(otherToken)).toBe(200);
  });

  it('refuses every earlier access token of the member after a password change; the new one works', async () => {
    const email = newEmail('password');
    const changer = createBrowser(gateway.url);
    const before = (await signUp(changer, email)).access_token;
    const elsewhere = createBrowser(gateway.url);
    const elsewhereToken = await signIn(elsewhere, email);
    for (const token of [before, elsewhereToken]) expect((await atGateway(token)).status).toBe(200);

    const changed = await changer.request(R.user, {
      method: 'PUT',
      headers: { authorization: `Bearer ${before}` },
      json: { current_password: PASSWORD, password: 'a new correct horse' },
    });
    expect(changed.status).toBe(200);

    for (const token of [before, elsewhereToken]) {
      expect(await refusedWithin(token, 1_000)).toBeLessThan(1_000);
      expect(await atIdentity(token)).toBe(401);
    }
    // The other session is over; the one that made the change refreshes into a token that works at once.
    expect((await refresh(elsewhere)).status).toBe(401);
    const renewed = await refresh(changer);
    expect(renewed.status).toBe(200);
    expect(changer.cookie(REFRESH_COOKIE_NAME)).toBeDefined();
    expect((await atGateway(renewed.body.session.access_token)).status).toBe(200);
    expect(await atIdentity(renewed.body.session.access_token)).toBe(200);
  });

  it('refuses every earlier access token of the member after a password reset; the new session works', async () => {
    const email = newEmail('reset');
    const browser = createBrowser(gateway.url);
    const before = (await signUp(browser, email)).access_token;
    expect((await browser.postJson(R.recover, { email })).status).toBe(200);
    const [message] = await listEmailsFor(identity.sql, email);
    const link = new URL(/https?:\/\/\S+/.exec(message!.body!)![0]);
    const resetToken = new URLSearchParams(link.hash.slice(1)).get('token')!;
    const reader = createBrowser(gateway.url);
    const reset = await reader.postJson<SessionBody>(R.verify, {
      type: 'recovery',
      token: resetToken,
      password: 'a-brand-new-password',
    });
    expect(reset.status).toBe(200);

    expect(await refusedWithin(before, 1_000)).toBeLessThan(1_000);
    expect(await atIdentity(before)).toBe(401);
    expect((await atGateway(reset.body.session.access_token)).status).toBe(200);
  });

  it('refuses them at a gateway started after the revocation (it syncs the list from identity)', async () => {
    const email = newEmail('late');
    const browser = createBrowser(gateway.url);
    const signedOut = (await signUp(browser, email)).access_token;
    expect((await browser.postJson(R.logout, {})).status).toBe(200);
    const kept = await signIn(createBrowser(gateway.url), email);
    const changer = createBrowser(gateway.url);
    const beforeChange = await signIn(changer, email);
    const changed = await changer.request(R.user, {
      method: 'PUT',
      headers: { authorization: `Bearer ${beforeChange}` },
      json: { current_password: PASSWORD, password: 'another correct horse' },
    });
    expect(changed.status).toBe(200);
    const afterChange = (await refresh(changer)).body.session.access_token;

    const late = await startGatewayWithUpstream();
    lateGateways.push(late);
    // No waiting: the list is there before the late gateway serves its first request.
    expect((await atGateway(signedOut, late)).status).toBe(401);
    expect((await atGateway(kept, late)).status).toBe(401);
    expect((await atGateway(beforeChange, late)).status).toBe(401);
    expect((await atGateway(afterChange, late)).status).toBe(200);
  });
});
