// Personal API keys end to end: the real identity behind two real gateway processes (replicas), and a stand-in
// credits and prompt service that verifies tokens as every service does (mountEndpoint) and echoes who called.
// Creating, listing, renaming and revoking keys; a key acting as its member on tools and the two credit reads (never
// as a guest); never on keys, the account, the spending cap, billing or support (403, at the gateway and again at the
// service); another member's key is a 404; forged, unknown and revoked keys read alike (401), on every replica.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_RULES,
  API_KEY_TEXTS,
  API_KEY_TOKEN_PATH,
  API_ROUTES,
  CREDIT_CONTROLS_ENDPOINTS,
  CREDITS_ENDPOINTS,
  ERROR_TEXTS,
  PROMPT_ENDPOINTS,
  type Endpoint,
} from '@act/contracts';
import {
  Router,
  createHttpApp,
  createJwtVerifier,
  mountEndpoint,
  type RunningServer,
} from '@act/service-kit';
import { findFreePort, silentLogger, startTestService, waitUntil } from '@act/service-kit/testing';
import { createBrowser, type TestBrowser } from './test-support/browser';
import {
  startGateway,
  startIdentity,
  type GatewayUnderTest,
  type IdentityUnderTest,
} from './test-support/harness';

const KEYS = '/api/identity/api-keys';

let identity: IdentityUnderTest;
let gateways: GatewayUnderTest[];
let standIn: RunningServer;

/** A service that checks tokens as the real ones do and answers with the caller it was given. */
async function startStandIn(jwksUrl: string): Promise<RunningServer> {
  const app = createHttpApp({ name: 'stand-in', logger: silentLogger(), bodyLimit: false });
  const router = new Router();
  const verifier = createJwtVerifier({
    jwksUrl,
    issuer: identity.config.JWT_ISSUER,
    audience: identity.config.JWT_AUDIENCE,
  });
  const echo = (endpoint: Endpoint) =>
    mountEndpoint(router, endpoint, { verifier }, async (_input, { caller, ctx }) => {
      ctx.body = { caller, authorization: ctx.get('authorization') };
      return undefined;
    });
  echo(CREDITS_ENDPOINTS.me);
  echo(PROMPT_ENDPOINTS.generateTextPrompt);
  echo(CREDIT_CONTROLS_ENDPOINTS.setSpendCap);
  app.use(router.routes());
  return startTestService(app);
}

beforeAll(async () => {
  const ports = [await findFreePort(), await findFreePort()];
  identity = await startIdentity({ env: { PUBLIC_URL: `http://127.0.0.1:${ports[0]}` } });
  standIn = await startStandIn(`${identity.url}${API_ROUTES.identity.jwks}`);
  // The stand-in's own listener doubles as its ops URL: the gateway asks it only for /api/health.
  const env = {
    CREDITS_URL: standIn.url,
    CREDITS_OPS_URL: standIn.url,
    PROMPT_URL: standIn.url,
    PROMPT_OPS_URL: standIn.url,
  };
  gateways = await Promise.all(ports.map((port) => startGateway({ identity, port, env })));
}, 120_000);

afterAll(async () => {
  await Promise.all((gateways ?? []).map((gateway) => gateway.close()));
  await standIn?.close();
  await identity?.close();
});

let counter = 0;
async function newMember(): Promise<{ browser: TestBrowser; token: string; userId: string }> {
  counter += 1;
  const browser = createBrowser(gateways[0]!.url);
  const reply = await browser.postJson<{ session: { access_token: string; user: { id: string } } }>(
    API_ROUTES.identity.signup,
    { email: `keys-${counter}-${Date.now()}@example.com`, password: 'correct horse battery' },
  );
  expect(reply.status).toBe(200);
  return { browser, token: reply.body.session.access_token, userId: reply.body.session.user.id };
}

async function call(
  bearer: string,
  method: string,
  path: string,
  body?: unknown,
  gateway = gateways[0]!,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL(path, gateway.url), {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

interface CreatedKey {
  key: { id: string; name: string; prefix: string; monthlyCreditLimit: number | null };
  secret: string;
}

async function createKey(
  token: string,
  name: string,
  monthlyCreditLimit?: number | null,
): Promise<CreatedKey> {
  const reply = await call(token, 'POST', KEYS, { name, monthlyCreditLimit });
  expect(reply.status).toBe(201);
  return reply.body as unknown as CreatedKey;
}

describe('managing keys', () => {
  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    const { token, userId } = await newMember();
    const reply = await call(token, 'POST', KEYS, { name: '  Nightly export  ', monthlyCreditLimit: 500 });
    expect(reply.status).toBe(201);
    const { key, secret } = reply.body as unknown as CreatedKey & {
      key: { createdAt: string; lastUsedAt: string | null };
    };
    expect(secret).toMatch(/^act_[A-Za-z0-9_-]{32,}$/);
    expect(key).toEqual({
      id: expect.any(String),
      name: 'Nightly export',
      prefix: secret.slice(0, 4 + API_KEY_RULES.prefixShown),
      monthlyCreditLimit: 500,
      createdAt: expect.any(String),
      lastUsedAt: null,
    });

    const list = await call(token, 'GET', KEYS);
    expect(list.body).toEqual({ success: true, keys: [key] });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const rows = await identity.sql`select * from api_keys where user_id = ${userId}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).toEqual(createHash('sha256').update(secret).digest());
    expect(JSON.stringify(rows)).not.toContain(secret.slice(4));
  });

  it('renames a key and sets or removes its limit; bad input changes nothing', async () => {
    const { token } = await newMember();
    const { key } = await createKey(token, 'CI');
    const renamed = await call(token, 'PATCH', `${KEYS}/${key.id}`, {
      name: 'CI runner',
      monthlyCreditLimit: 40,
    });
    expect(renamed.body.key).toMatchObject({ name: 'CI runner', monthlyCreditLimit: 40 });
    const bad = await call(token, 'PATCH', `${KEYS}/${key.id}`, { monthlyCreditLimit: 0 });
    expect(bad).toMatchObject({ status: 400, body: { error: API_KEY_TEXTS.limitInvalid } });
    const cleared = await call(token, 'PATCH', `${KEYS}/${key.id}`, { monthlyCreditLimit: null });
    expect(cleared.body.key).toMatchObject({ name: 'CI runner', monthlyCreditLimit: null });
    const empty = await call(token, 'POST', KEYS, { name: '   ' });
    expect(empty).toMatchObject({ status: 400, body: { error: API_KEY_TEXTS.nameRequired } });
  });

  it('allows up to 10 keys a member, with a clear error on the 11th', async () => {
    const { token } = await newMember();
    const keys = [];
    for (let i = 0; i < API_KEY_RULES.maxPerMember; i += 1) keys.push(await createKey(token, `key ${i}`));
    const eleventh = await call(token, 'POST', KEYS, { name: 'one more' });
    expect(eleventh).toMatchObject({ status: 409, body: { error: API_KEY_TEXTS.tooMany } });
    expect(((await call(token, 'GET', KEYS)).body.keys as unknown[]).length).toBe(10);
    // A revoked key makes room.
    expect((await call(token, 'DELETE', `${KEYS}/${keys[0]!.key.id}`)).status).toBe(200);
    expect((await call(token, 'POST', KEYS, { name: 'one more' })).status).toBe(201);
  });

  it('keeps a key from other members: not listed, and their rename or revoke is a 404', async () => {
    const owner = await newMember();
    const other = await newMember();
    const { key, secret } = await createKey(owner.token, 'Mine');
    expect((await call(other.token, 'GET', KEYS)).body.keys).toEqual([]);
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PATCH', { name: 'Stolen' }],
    ] as const) {
      const reply = await call(other.token, method, `${KEYS}/${key.id}`, body);
      expect(reply).toMatchObject({ status: 404, body: { error: API_KEY_TEXTS.notFound } });
    }
    expect((await call(secret, 'GET', '/api/credits/me')).status).toBe(200);
    expect((await call(owner.token, 'GET', KEYS)).body.keys).toEqual([
      expect.objectContaining({ name: 'Mine' }),
    ]);
  });
});

describe('calling with a key', () => {
  it('acts as its member on the credit reads and the tools, never as a guest, and never passes the secret on', async () => {
    const { token, userId } = await newMember();
    const { key, secret } = await createKey(token, 'Script', 25);
    const me = await call(secret, 'GET', '/api/credits/me');
    expect(me.status).toBe(200);
    expect(me.body.caller).toMatchObject({
      userId,
      apiKey: { id: key.id, name: 'Script', monthlyCreditLimit: 25 },
    });
    expect(me.body.authorization).not.toContain(secret);
    const tool = await call(secret, 'POST', PROMPT_ENDPOINTS.generateTextPrompt.path, { text: 'a cat' });
    expect(tool.body.caller).toMatchObject({ userId, apiKey: { id: key.id } });
    expect(tool.body.caller).not.toHaveProperty('guestIp', expect.anything());
    const listed = await call(token, 'GET', KEYS);
    expect((listed.body.keys as Array<{ lastUsedAt: string | null }>)[0]!.lastUsedAt).not.toBeNull();
  });

  it('cannot manage keys, sessions, the account, the spending cap, billing or support (403)', async () => {
    const { token } = await newMember();
    const { key, secret } = await createKey(token, 'Limited');
    const refused: Array<[string, string, unknown?]> = [
      ['GET', KEYS],
      ['POST', KEYS, { name: 'from a key' }],
      ['PATCH', `${KEYS}/${key.id}`, { monthlyCreditLimit: null }],
      ['DELETE', `${KEYS}/${key.id}`],
      ['GET', API_ROUTES.identity.user],
      ['POST', API_ROUTES.identity.logout, {}],
      ['PUT', CREDIT_CONTROLS_ENDPOINTS.setSpendCap.path, { monthlyCap: null }],
      ['POST', API_ROUTES.billing.checkout, { plan: 'pro' }],
      ['GET', '/api/credits/support/member?email=a@example.com'],
    ];
    for (const [method, path, body] of refused) {
      const reply = await call(secret, method, path, body);
      expect([method, path, reply.status, reply.body.error]).toEqual([
        method,
        path,
        403,
        API_KEY_TEXTS.notAllowed,
      ]);
    }
    // Behind the gateway too: the key's token is refused by the service itself.
    const exchanged = await fetch(new URL(API_KEY_TOKEN_PATH, identity.url), {
      headers: { authorization: `Bearer ${secret}` },
    });
    const { token: keyToken } = (await exchanged.json()) as { token: string };
    const direct = await fetch(new URL(CREDIT_CONTROLS_ENDPOINTS.setSpendCap.path, standIn.url), {
      method: 'PUT',
      headers: { authorization: `Bearer ${keyToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ monthlyCap: null }),
    });
    expect(direct.status).toBe(403);
    const atIdentity = await fetch(new URL(KEYS, identity.url), {
      headers: { authorization: `Bearer ${keyToken}` },
    });
    expect(atIdentity.status).toBe(403);
    // The key still lives.
    expect((await call(token, 'GET', KEYS)).body.keys).toHaveLength(1);
  });

  it('answers one 401 for forged, unknown and revoked keys, revoked on every replica within 10 s', async () => {
    const { token } = await newMember();
    const { key, secret } = await createKey(token, 'Doomed');
    const unauthorized = {
      status: 401,
      body: { success: false, error: ERROR_TEXTS.auth.authenticationFailed },
    };
    const forged = `${secret.slice(0, -4)}AAAA`;
    expect(await call(forged, 'GET', '/api/credits/me')).toMatchObject(unauthorized);
    expect(await call('act_short', 'GET', '/api/credits/me')).toMatchObject(unauthorized);

    // Both replicas have the key in their cache before it is revoked.
    for (const gateway of gateways) {
      expect((await call(secret, 'GET', '/api/credits/me', undefined, gateway)).status).toBe(200);
    }
    expect((await call(token, 'DELETE', `${KEYS}/${key.id}`)).status).toBe(200);
    for (const gateway of gateways) {
      const reply = await waitUntil(
        () => call(secret, 'GET', '/api/credits/me', undefined, gateway),
        (answer) => answer.status !== 200,
        { timeoutMs: 10_000, what: 'the revoked key refused' },
      );
      expect(reply).toMatchObject(unauthorized);
    }
  });
});
