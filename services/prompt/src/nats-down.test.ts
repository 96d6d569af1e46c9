// NATS crashes while the product runs (issue 17, "fail fast, stay ready"): the real identity, credits and prompt
// processes on a nats-server of this file's own, killed with SIGKILL and started again on the same port. While it is
// down a charged call answers 503 within a second (not after the 5 s reserve timeout), sign-up, sign-in and
// balances are still served and every /readyz stays 200; once it is back the services reconnect by themselves and
// none of the refused calls was charged.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ErrorCode } from '@act/contracts';
import {
  createTestDatabase,
  launchChildService,
  startOwnNats,
  startTestJwks,
  uniqueNamespace,
  type ChildService,
  type OwnNats,
  type TestDatabase,
  type TestJwks,
} from '@act/service-kit/testing';

let nats: OwnNats;
let jwks: TestJwks;
const databases: TestDatabase[] = [];
let keysDir: string;
let identity: ChildService;
let credits: ChildService;
let prompt: ChildService;

beforeAll(async () => {
  nats = await startOwnNats();
  jwks = await startTestJwks();
  keysDir = await mkdtemp(path.join(tmpdir(), 'nats-down-keys-'));
  const [identityDb, creditsDb, promptDb] = await Promise.all([
    createTestDatabase('nats_down_identity'),
    createTestDatabase('nats_down_credits'),
    createTestDatabase('nats_down_prompt'),
  ]);
  databases.push(identityDb, creditsDb, promptDb);
  const namespace = uniqueNamespace('down');
  const shared = { NATS_URL: nats.url, NATS_NAMESPACE: namespace, JWKS_URL: jwks.url };
  // Started together: only credits' streams must exist before a charged call, and the test waits for all three.
  const launched = await Promise.all([
    launchChildService('services/identity', {
      ...shared,
      DATABASE_URL: identityDb.url,
      IDENTITY_KEYS_DIR: keysDir,
    }),
    launchChildService('services/credits', { ...shared, DATABASE_URL: creditsDb.url }),
    launchChildService('services/prompt', { ...shared, DATABASE_URL: promptDb.url }),
  ]);
  [identity, credits, prompt] = launched;
  await Promise.all(launched.map((child) => child.ready));
}, 90_000);

afterAll(async () => {
  await Promise.all([identity, credits, prompt].map((child) => child?.stop()));
  await Promise.all(databases.map((database) => database.drop()));
  await nats?.stop();
  await jwks?.close();
  if (keysDir) await rm(keysDir, { recursive: true, force: true });
}, 30_000);

async function call(
  base: string,
  route: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const started = performance.now();
  const response = await fetch(`${base}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-client-ip': '192.0.2.77', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body: reply, ms: performance.now() - started };
}

const readyz = async (service: ChildService) => (await fetch(`${service.opsUrl}/readyz`)).status;

describe('NATS killed under the running services', () => {
  it('fails charged calls within a second, keeps sign-up, sign-in, balances and readiness, and charges nothing', async () => {
    const token = await jwks.tokenFor(randomUUID());
    const member = { authorization: `Bearer ${token}` };
    const me = () => call(credits.url, '/api/credits/me', { headers: member });
    const enhance = (headers: Record<string, string>) =>
      call(prompt.url, '/api/prompt/generate-text-prompt', { body: { text: 'a red bicycle' }, headers });
    expect((await me()).body).toMatchObject({ me: { credits: 50 } });
    const email = `down-${randomUUID()}@example.com`;
    const password = 'a-good-password';

    await nats.kill();
    try {
      for (const service of [identity, credits, prompt]) expect(await readyz(service)).toBe(200);
      // Sign-up too: its user.created event waits in identity's outbox until NATS is back.
      const signUp = await call(identity.url, API_ROUTES.identity.signup, { body: { email, password } });
      expect(signUp.status).toBe(200);
      // Members and guests alike; before the fix each took the 5 s reserve timeout (and more for the release).
      for (const headers of [member, member, member, {}]) {
        const refused = await enhance(headers);
        expect(refused.status).toBe(503);
        expect(refused.body).toMatchObject({ success: false, code: ErrorCode.SERVICE_UNAVAILABLE });
        expect(refused.ms, `503 after ${Math.round(refused.ms)} ms`).toBeLessThan(1_000);
      }
      const signIn = await call(identity.url, API_ROUTES.identity.token, {
        body: { grant_type: 'password', email, password },
      });
      expect(signIn.status).toBe(200);
      expect((await me()).body).toMatchObject({ me: { credits: 50 } });
      for (const service of [identity, credits, prompt]) expect(await readyz(service)).toBe(200);
    } finally {
      await nats.restart();
    }

    // Back by itself: the services reconnect (within nats.js's 1 s reconnect wait) and charge normally again.
    const deadline = Date.now() + 15_000;
    let served = await enhance(member);
    while (served.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      served = await enhance(member);
    }
    expect(served.status).toBe(200);
    const history = async () =>
      ((await call(credits.url, '/api/credits/tool-usage-history', { headers: member })).body.history ??
        []) as Array<{ used_credits: number }>;
    let used = await history();
    while (used.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      used = await history();
    }
    // Exactly the one call that was served is charged; none of the refused ones, then or later.
    expect(used).toHaveLength(1);
    expect(served.body.remainingCredits).toBe(50 - used[0]!.used_credits);
    expect((await me()).body).toMatchObject({ me: { credits: 50 - used[0]!.used_credits } });
  }, 60_000);
});
