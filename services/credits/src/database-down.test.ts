// The credits database down (PostgreSQL stopped, as during a restart or a fail-over): the real credits and prompt
// processes, credits on a PostgreSQL server of this file's own (never the machine's shared one). While it is down,
// a charged call answers 503 "temporarily unavailable" with Retry-After (relayed by the tool service, not 500
// "Failed to update credits"), and so does credits' own balance; nothing is charged; once the server is back both
// serve again by themselves and the balance equals the ledger.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { startKillablePostgres, type KillablePostgres } from '@act/dev-infra/killable-postgres';
import {
  createTestDatabase,
  launchChildService,
  startTestJwks,
  testNatsUrl,
  uniqueNamespace,
  type ChildService,
  type TestDatabase,
  type TestJwks,
} from '@act/service-kit/testing';

let pg: KillablePostgres;
let jwks: TestJwks;
let creditsDbUrl: string;
let credits: ChildService;
let prompt: ChildService;
/** Prompt's own database (its members' results) stays up: only credits' server is killed. */
let promptDb: TestDatabase;

beforeAll(async () => {
  [pg, jwks] = await Promise.all([startKillablePostgres('credits-down'), startTestJwks()]);
  creditsDbUrl = await pg.database('credits');
  promptDb = await createTestDatabase('pgdown_prompt');
  const shared = { NATS_URL: testNatsUrl(), NATS_NAMESPACE: uniqueNamespace('pgdown'), JWKS_URL: jwks.url };
  const launched = await Promise.all([
    launchChildService('services/credits', { ...shared, DATABASE_URL: creditsDbUrl }),
    launchChildService('services/prompt', { ...shared, DATABASE_URL: promptDb.url }),
  ]);
  [credits, prompt] = launched;
  await Promise.all(launched.map((child) => child.ready));
}, 120_000);

afterAll(async () => {
  await Promise.all([credits, prompt].map((child) => child?.stop()));
  await pg?.remove();
  await promptDb?.drop().catch(() => undefined);
  await jwks?.close();
}, 60_000);

async function call(base: string, route: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${base}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('the credits database down', () => {
  it('answers 503 with Retry-After at credits and through the tool service, charges nothing, and recovers', async () => {
    const member = { authorization: `Bearer ${await jwks.tokenFor(randomUUID())}` };
    const me = () => call(credits.url, API_ROUTES.credits.me, member);
    const enhance = () =>
      call(prompt.url, '/api/prompt/generate-text-prompt', member, { text: 'a red bicycle' });
    expect((await enhance()).status).toBe(200);
    const charged = 50 - Number(((await me()).body.me as { credits: number }).credits);
    expect(charged).toBeGreaterThan(0);

    await pg.halt();
    try {
      const unavailable = {
        status: 503,
        body: {
          success: false,
          error: ERROR_TEXTS.server.serviceUnavailable,
          code: ErrorCode.SERVICE_UNAVAILABLE,
        },
      };
      for (const reply of [await enhance(), await enhance(), await me()]) {
        expect(reply).toMatchObject(unavailable);
        expect(Number(reply.retryAfter)).toBeGreaterThan(0);
      }
    } finally {
      await pg.start();
    }

    // Back by itself: postgres.js reconnects on the next query.
    const deadline = Date.now() + 20_000;
    let served = await enhance();
    while (served.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      served = await enhance();
    }
    expect(served.status).toBe(200);
    expect(served.body.remainingCredits).toBe(50 - 2 * charged);
    expect((await me()).body).toMatchObject({ me: { credits: 50 - 2 * charged } });
    // The refused calls left nothing behind: two charges in the ledger, no hold left, balance = Σ ledger.
    const sql = postgres(creditsDbUrl, { max: 1, onnotice: () => undefined });
    try {
      const money = async () =>
        (
          await sql<{ balance: number; ledger: number; charges: number; held: number }[]>`
            select (select sum(credits)::int from accounts) as balance,
                   (select sum(delta)::int from ledger) as ledger,
                   (select count(*)::int from ledger where reason = 'charge') as charges,
                   (select count(*)::int from holds where status = 'held') as held`
        )[0];
      // The last call's commit reaches credits as a usage event, a moment after its reply.
      let settled = await money();
      while (settled?.held !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        settled = await money();
      }
      expect(settled).toEqual({ balance: 50 - 2 * charged, ledger: 50 - 2 * charged, charges: 2, held: 0 });
    } finally {
      await sql.end();
    }
  }, 90_000);
});
