// Identity's own HTTP edges, called directly: sign-up rules and races, the user.created event, sign-in timing,
// account changes, API-client refresh tokens and key rotation seen from the JWKS and GET user.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS, REFRESH_COOKIE_NAME } from '@act/contracts';
import { listEmailsFor } from './db/outbox';
import { digest } from './domain/secrets';
import { keyStoreFromFile, type KeyStore } from './domain/signing-keys';
import { createBrowser, getJson } from './test-support/browser';
import { readUserCreatedEvents } from './test-support/events';
import { startIdentity, type IdentityUnderTest } from './test-support/harness';

const R = API_ROUTES.identity;

interface SessionBody {
  success: boolean;
  error?: string;
  code?: string;
  session: {
    access_token: string;
    refresh_token?: string;
    user: { id: string; email: string; created_at: string };
  };
}

let identity: IdentityUnderTest;
let keys: KeyStore;
let keysDir: string;

beforeAll(async () => {
  keysDir = await mkdtemp(path.join(tmpdir(), 'identity-rotation-'));
  keys = await keyStoreFromFile({ dir: keysDir, rotationDays: 30, accessTokenTtlSeconds: 900 });
  identity = await startIdentity({ keys });
});

afterAll(async () => {
  await identity?.close();
  await rm(keysDir, { recursive: true, force: true });
});

let counter = 0;
const newEmail = (label: string) => `${label}-${(counter += 1)}-${Date.now()}@example.com`;

async function signUp(email: string, password = 'a-good-password') {
  const browser = createBrowser(identity.url);
  const reply = await browser.postJson<SessionBody>(R.signup, { email, password });
  return { browser, reply };
}

describe('sign-up', () => {
  it('validates with the spec texts and caps the password length', async () => {
    const browser = createBrowser(identity.url);
    const cases: Array<[unknown, string]> = [
      [{ email: '', password: 'secret1' }, ERROR_TEXTS.validation.emailRequired],
      [{ email: 'not-an-email', password: 'secret1' }, ERROR_TEXTS.validation.emailInvalid],
      [{ email: newEmail('v'), password: '' }, ERROR_TEXTS.validation.passwordRequired],
      [{ email: newEmail('v'), password: '12345' }, ERROR_TEXTS.validation.passwordTooShort],
      [{ email: newEmail('v'), password: 'x'.repeat(129) }, ERROR_TEXTS.validation.passwordTooLong],
    ];
    for (const [body, error] of cases) {
      const reply = await browser.postJson(R.signup, body);
      expect({ status: reply.status, body: reply.body }).toMatchObject({
        status: 400,
        body: { success: false, error, code: 'VALIDATION_FAILED' },
      });
    }
    const longest = await browser.postJson(R.signup, { email: newEmail('v'), password: 'x'.repeat(128) });
    expect(longest.status).toBe(200);
  });

  it('refuses a taken email, whatever its case', async () => {
    const email = newEmail('taken');
    expect((await signUp(email)).reply.status).toBe(200);
    const again = await signUp(email.toUpperCase());
    expect(again.reply).toMatchObject({
      status: 409,
      body: { success: false, error: ERROR_TEXTS.server.emailTaken, code: 'CONFLICT' },
    });
  });

  it('creates one account when the same email signs up many times at once', async () => {
    const email = newEmail('race');
    const replies = await Promise.all(Array.from({ length: 8 }, () => signUp(email)));
    const statuses = replies.map(({ reply }) => reply.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await identity.sql`select id from users where email = ${email}`;
    expect(rows).toHaveLength(1);
    const events = (await readUserCreatedEvents(identity.runtime.deps.nc, identity.namespace)).filter(
      (entry) => entry.event.email === email,
    );
    expect(events).toHaveLength(1);
  });

  it('publishes identity.user.created once per account with the user id as message id', async () => {
    const email = newEmail('event');
    const { reply } = await signUp(email);
    const user = reply.body.session.user;
    // Publishing is awaited before the reply, so the event is already on the stream.
    const events = await readUserCreatedEvents(identity.runtime.deps.nc, identity.namespace);
    const mine = events.filter((entry) => entry.event.userId === user.id);
    expect(mine).toEqual([
      {
        subject: `${identity.namespace}.identity.user.created`,
        messageId: user.id,
        event: { userId: user.id, email, createdAt: user.created_at },
      },
    ]);
    const [outbox] = await identity.sql`select published_at from jetstream_outbox where msg_id = ${user.id}`;
    expect(outbox?.published_at).toBeInstanceOf(Date);
  });

  it('stores an argon2id hash, never the password', async () => {
    const email = newEmail('hash');
    await signUp(email, 'plain-text-password');
    const [row] = await identity.sql<
      { password_hash: string }[]
    >`select password_hash from users where email = ${email}`;
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.password_hash).not.toContain('plain-text-password');
  });
});

describe('sign-in', () => {
  it('spends about as long on an unknown email as on a wrong password', async () => {
    const email = newEmail('timing');
    await signUp(email);
    const browser = createBrowser(identity.url);
    const time = async (body: unknown) => {
      const started = performance.now();
      const reply = await browser.postJson(`${R.token}?grant_type=password`, body);
      expect(reply.status).toBe(401);
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      wrong.push(await time({ email, password: 'not-the-password' }));
      unknown.push(await time({ email: newEmail('ghost'), password: 'not-the-password' }));
    }
    // Both run one argon2 verification (~tens of ms); without the dummy hash the unknown email would take ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.33);
    expect(median(unknown)).toBeLessThan(median(wrong) * 3);
  });

  it('accepts grant_type in the body and gives API clients their refresh token in the JSON', async () => {
    const email = newEmail('api');
    await signUp(email);
    const client = createBrowser(identity.url);
    const signedIn = await client.postJson<SessionBody>(R.token, {
      grant_type: 'password',
      email,
      password: 'a-good-password',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.session.refresh_token).toBeUndefined();
    const fromCookie = client.cookie(REFRESH_COOKIE_NAME)!;

    const apiClient = createBrowser(identity.url);
    const refreshed = await apiClient.postJson<SessionBody>(R.token, {
      grant_type: 'refresh_token',
      refresh_token: fromCookie,
    });
    expect(refreshed.status).toBe(200);
    const next = refreshed.body.session.refresh_token!;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(fromCookie);
    const chained = await apiClient.postJson<SessionBody>(R.token, {
      grant_type: 'refresh_token',
      refresh_token: next,
    });
    expect(chained.status).toBe(200);
    // Only the digest is stored.
    const stored = await identity.sql`select 1 from refresh_tokens where token_hash = ${digest(next)}`;
    expect(stored).toHaveLength(1);
  });

  it('answers a refresh without any token as a missing session', async () => {
    const reply = await createBrowser(identity.url).postJson(`${R.token}?grant_type=refresh_token`, {});
    expect(reply).toMatchObject({ status: 401, body: { error: ERROR_TEXTS.auth.sessionMissing } });
  });
});

describe('account changes', () => {
  it('changes the password with the current one, keeping this session and ending the others', async () => {
    const email = newEmail('change');
    const { browser, reply } = await signUp(email, 'old-password');
    const elsewhere = createBrowser(identity.url);
    await elsewhere.postJson(`${R.token}?grant_type=password`, { email, password: 'old-password' });

    const put = (body: unknown) =>
      browser.request(R.user, {
        method: 'PUT',
        json: body,
        headers: { authorization: `Bearer ${reply.body.session.access_token}` },
      });
    const refused = await put({ password: 'new-password', current_password: 'not-it' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: ERROR_TEXTS.server.currentPasswordIncorrect });
    const missing = await put({ password: 'new-password' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: ERROR_TEXTS.validation.currentPasswordRequired });

    const changed = await put({ password: 'new-password', current_password: 'old-password' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      success: true,
      user: { email },
      emailChangePending: false,
    });

    expect((await browser.postJson(`${R.token}?grant_type=refresh_token`, {})).status).toBe(200);
    expect((await elsewhere.postJson(`${R.token}?grant_type=refresh_token`, {})).status).toBe(401);
    const withNew = await createBrowser(identity.url).postJson(`${R.token}?grant_type=password`, {
      email,
      password: 'new-password',
    });
    expect(withNew.status).toBe(200);
  });

  it('moves the account to a new email only once the link sent there is opened', async () => {
    const email = newEmail('move');
    const target = newEmail('moved');
    const { reply } = await signUp(email, 'move-password');
    const token = reply.body.session.access_token;
    const verified = async () =>
      (
        await identity.sql<{ email_verified: boolean }[]>`
          select email_verified from users where id = ${reply.body.session.user.id}`
      )[0]!.email_verified;
    // A sign-up proves nothing about the mailbox; opening the link sent to the new address does.
    expect(await verified()).toBe(false);
    const browser = createBrowser(identity.url);
    const put = (body: unknown) =>
      browser.request(R.user, { method: 'PUT', json: body, headers: { authorization: `Bearer ${token}` } });

    const taken = newEmail('other');
    await signUp(taken);
    expect((await put({ email: taken, current_password: 'move-password' })).status).toBe(409);

    const started = await put({ email: target, current_password: 'move-password' });
    expect(await started.json()).toMatchObject({ user: { email }, emailChangePending: true });
    expect((await getJson<{ user: { email: string } }>(browser, R.user, token)).body.user.email).toBe(email);

    const [message] = await listEmailsFor(identity.sql, target);
    const fragment = new URLSearchParams(new URL(/https?:\/\/\S+/.exec(message!.body!)![0]).hash.slice(1));
    expect(fragment.get('type')).toBe('email_change');
    const confirmed = await browser.postJson<SessionBody>(R.verify, {
      type: 'email_change',
      token: fragment.get('token'),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.session.user.email).toBe(target);
    expect(await verified()).toBe(true);
    expect(
      (await browser.postJson(R.verify, { type: 'email_change', token: fragment.get('token') })).status,
    ).toBe(400);
  });
});

describe('signing keys', () => {
  it('keeps tokens from a rotated-out key valid while the new key signs', async () => {
    const { reply } = await signUp(newEmail('rotate'));
    const before = reply.body.session.access_token;
    const oldKid = keys.signingKey().kid;

    await keys.rotate();
    const newKid = keys.signingKey().kid;
    expect(newKid).not.toBe(oldKid);

    const jwks = await getJson<{
      keys: Array<{ kid: string; alg: string; kty: string; crv: string; d?: string }>;
    }>(createBrowser(identity.url), R.jwks);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=300');
    expect(jwks.body.keys.map((key) => key.kid)).toEqual([newKid, oldKid]);
    expect(
      jwks.body.keys.every((key) => key.alg === 'EdDSA' && key.crv === 'Ed25519' && key.d === undefined),
    ).toBe(true);

    expect((await getJson(createBrowser(identity.url), R.user, before)).status).toBe(200);
    const after = await createBrowser(identity.url).postJson<SessionBody>(`${R.token}?grant_type=password`, {
      email: reply.body.session.user.email,
      password: 'a-good-password',
    });
    const header = JSON.parse(
      Buffer.from(after.body.session.access_token.split('.')[0]!, 'base64url').toString(),
    );
    expect(header).toEqual({ alg: 'EdDSA', kid: newKid, typ: 'JWT' });
    expect((await getJson(createBrowser(identity.url), R.user, after.body.session.access_token)).status).toBe(
      200,
    );
  });
});

describe('Google sign-in without settings', () => {
  it('says it is not configured', async () => {
    const browser = createBrowser(identity.url);
    expect((await getJson(browser, R.settings)).body).toEqual({
      success: true,
      providers: { google: false },
    });
    const start = await browser.request(`${R.authorize}?provider=google`);
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(
      `/auth?${new URLSearchParams({ error: ERROR_TEXTS.server.googleNotConfigured }).toString()}`,
    );
  });
});
