// Deleting one's own account over HTTP, through the real gateway process: a wrong or missing password changes
// nothing; a right one ends every session and access token at once (at the gateway and at identity), revokes the
// member's API keys, refuses sign-in, frees the address for a new sign-up and publishes identity.user.deleted
// without the e-mail. A Google account (no password) needs a Google sign-in for the deletion instead
// (google-reauth.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CONTROL_TEXTS,
  ACCOUNT_DELETION_ENDPOINTS,
  API_KEY_ENDPOINTS,
  API_KEY_TOKEN_PATH,
  API_ROUTES,
  ERROR_TEXTS,
  REFRESH_COOKIE_NAME,
} from '@act/contracts';
import { natsNames, UserDeletedEventSchema } from '@act/contracts/server';
import { jetstreamManager } from '@act/service-kit';
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
const DELETE_PATH = ACCOUNT_DELETION_ENDPOINTS.deleteAccount.path;
const MEMBER_ROUTE = API_ROUTES.credits.me;
const PASSWORD = 'correct horse battery';

interface SessionBody {
  session: { access_token: string; user: { id: string } };
}

let identity: IdentityUnderTest;
let gateway: GatewayUnderTest;
let upstream: StandInUpstream;

beforeAll(async () => {
  // A stand-in credits behind the gateway: a 401 on its route can only be the gateway's own check.
  upstream = await startStandInUpstream();
  identity = await startIdentity();
  gateway = await startGateway({ identity, env: upstream.gatewayEnv });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  await upstream?.close();
});

let counter = 0;
const newEmail = (label: string) => `${label}-${(counter += 1)}-${Date.now()}@example.com`;

async function signUp(browser: TestBrowser, email: string) {
  const reply = await browser.postJson<SessionBody>(R.signup, { email, password: PASSWORD });
  expect(reply.status).toBe(200);
  return reply.body.session;
}

function signIn(browser: TestBrowser, email: string, password = PASSWORD) {
  return browser.postJson<SessionBody & { error?: string }>(`${R.token}?grant_type=password`, {
    email,
    password,
  });
}

function deleteAccount(browser: TestBrowser, token: string, body: unknown) {
  return browser
    .request(DELETE_PATH, { method: 'DELETE', headers: { authorization: `Bearer ${token}` }, json: body })
    .then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { success: boolean; error?: string },
    }));
}

async function atGateway(token: string): Promise<number> {
  return (await getJson(createBrowser(gateway.url), MEMBER_ROUTE, token)).status;
}

async function atIdentity(token: string): Promise<number> {
  return (await getJson(createBrowser(identity.url), R.user, token)).status;
}

async function refusedAtGateway(token: string): Promise<boolean> {
  const start = Date.now();
  while (Date.now() - start < 2_000) {
    if ((await atGateway(token)) === 401) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

async function keyTokenStatus(secret: string): Promise<number> {
  const response = await fetch(new URL(API_KEY_TOKEN_PATH, identity.url), {
    headers: { authorization: `Bearer ${secret}` },
  });
  await response.body?.cancel();
  return response.status;
}

async function deletedEvents(userId: string) {
  const names = natsNames(identity.namespace);
  const jsm = await jetstreamManager(identity.runtime.deps.nc);
  const info = await jsm.streams.info(names.identityStream);
  const found: Array<{ data: unknown; msgId: string | undefined }> = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq += 1) {
    const message = await jsm.streams.getMessage(names.identityStream, { seq }).catch(() => undefined);
    if (message?.subject !== names.userDeleted) continue;
    const data: unknown = message.json();
    if ((data as { userId?: string }).userId === userId) {
      found.push({ data, msgId: message.header?.get('Nats-Msg-Id') || undefined });
    }
  }
  return found;
}

describe('DELETE /api/identity/account', () => {
  it('changes nothing on a wrong or missing password', async () => {
    const email = newEmail('wrong');
    const browser = createBrowser(gateway.url);
    const { access_token: token } = await signUp(browser, email);

    const wrong = await deleteAccount(browser, token, { password: 'not my password' });
    expect(wrong).toEqual({
      status: 403,
      body: expect.objectContaining({ success: false, error: ERROR_TEXTS.server.currentPasswordIncorrect }),
    });
    const missing = await deleteAccount(browser, token, {});
    expect(missing).toEqual({
      status: 400,
      body: expect.objectContaining({ success: false, error: ACCOUNT_CONTROL_TEXTS.errors.passwordRequired }),
    });
    expect(await atGateway(token)).toBe(200);
    expect(await atIdentity(token)).toBe(200);
    expect((await signIn(createBrowser(gateway.url), email)).status).toBe(200);
  });

  it('ends every session, token and API key at once, refuses sign-in and frees the address', async () => {
    const email = newEmail('gone');
    const browser = createBrowser(gateway.url);
    const session = await signUp(browser, email);
    const elsewhere = createBrowser(gateway.url);
    const elsewhereToken = (await signIn(elsewhere, email)).body.session.access_token;
    const created = await browser.request(API_KEY_ENDPOINTS.createApiKey.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}` },
      json: { name: 'scripts' },
    });
    const { secret } = (await created.json()) as { secret: string };
    expect(await keyTokenStatus(secret)).toBe(200);
    // A call with the key through the gateway: the gateway now holds the key's token in its cache.
    expect(await atGateway(secret)).toBe(200);

    const deleted = await deleteAccount(browser, session.access_token, { password: PASSWORD });
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    // This browser's refresh cookie is cleared; the other one's no longer refreshes.
    expect(browser.cookie(REFRESH_COOKIE_NAME)).toBeUndefined();
    expect((await elsewhere.postJson(`${R.token}?grant_type=refresh_token`, {})).status).toBe(401);

    for (const token of [session.access_token, elsewhereToken]) {
      expect(await refusedAtGateway(token)).toBe(true);
      expect(await atIdentity(token)).toBe(401);
    }
    expect(await keyTokenStatus(secret)).toBe(401);
    // The key's next call is refused at once, not once the gateway's key cache (5 s) has run out.
    expect(await refusedAtGateway(secret)).toBe(true);
    const refused = await signIn(createBrowser(gateway.url), email);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(ERROR_TEXTS.server.invalidCredentials);

    // The event carries no e-mail, and is published once whatever the retries (its message id).
    const userId = session.user.id;
    let events = await deletedEvents(userId);
    for (let tries = 0; events.length === 0 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      events = await deletedEvents(userId);
    }
    expect(events).toHaveLength(1);
    expect(UserDeletedEventSchema.strict().parse(events[0]!.data).userId).toBe(userId);
    expect(events[0]!.msgId).toBe(`deleted:${userId}`);
    const [row] = await identity.sql<{ email: string; password_hash: string | null; deleted_at: Date }[]>`
      select email, password_hash, deleted_at from users where id = ${userId}`;
    expect(row!.email).not.toContain(email);
    expect(row!.password_hash).toBeNull();
    expect(row!.deleted_at).toBeInstanceOf(Date);

    // The address can make a new, different account.
    const again = await signUp(createBrowser(gateway.url), email);
    expect(again.user.id).not.toBe(userId);
  });

  it('refuses a Google account without its Google sign-in for the deletion (google-reauth.test.ts)', async () => {
    const email = newEmail('google');
    const browser = createBrowser(gateway.url);
    const session = await signUp(browser, email);
    // What a Google-only account looks like: no password.
    await identity.sql`update users set password_hash = null where id = ${session.user.id}`;

    const change = await browser.request(R.user, {
      method: 'PUT',
      headers: { authorization: `Bearer ${session.access_token}` },
      json: { current_password: 'anything', password: 'a new password' },
    });
    expect(change.status).toBe(403);
    expect(((await change.json()) as { error: string }).error).toBe(ACCOUNT_CONTROL_TEXTS.errors.noPassword);

    const refused = await deleteAccount(browser, session.access_token, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ACCOUNT_CONTROL_TEXTS.errors.reauthRequired);
    expect(await atIdentity(session.access_token)).toBe(200);
  });

  it('deletes once when two deletions of the account arrive together', async () => {
    const email = newEmail('twice');
    const browser = createBrowser(gateway.url);
    const { access_token: token } = await signUp(browser, email);
    const [first, second] = await Promise.all([
      deleteAccount(createBrowser(gateway.url), token, { password: PASSWORD }),
      deleteAccount(createBrowser(gateway.url), token, { password: PASSWORD }),
    ]);
    // Two deletions at once: one deletes, the other finds no account (never two events).
    expect([first.status, second.status].sort()).toEqual([200, 401]);
  });
});
