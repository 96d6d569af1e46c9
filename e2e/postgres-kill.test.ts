// PostgreSQL killed under a mixed load (issue 22, "done when"; docs/charges.md): credits, chat, image and prompt, each
// its real main.ts, share one embedded PostgreSQL of this test's own (never the machine's shared one), which is
// SIGKILLed mid-run and started again on the same port and data, as a crashed database pod would be. Six members
// send chat replies (streamed by the fake provider, so some end while the database is down), image generations and
// magic enhances. Afterwards, once every hold is settled and every usage event applied, for each member:
// balance = Σ ledger, never negative, no hold left `held`, and what was taken is exactly the price of the calls the
// member was told succeeded: nobody told "failed" is charged, nobody given a result goes free.
// Runs in the root vitest run (node project): it needs no shell build and no browser.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@act/service-kit';
import {
  callJson,
  startChildService,
  startFakeOpenAi,
  startTestJwks,
  testNatsUrl,
  testObjectStoreEnv,
  uniqueNamespace,
  type ChildService,
  type FakeOpenAi,
  type TestJwks,
  waitUntil,
} from '@act/service-kit/testing';
import { startKillablePostgres, type KillablePostgres } from '@act/dev-infra/killable-postgres';
import { startFakeFal, type FakeFal } from '@act/image/testing';
import { pendingUsageEvents, SETTLING } from './support/settling';

const OPENING_CREDITS = 50;
const CALLS = {
  chat: {
    path: '/api/chat/chat-agent/send-message',
    cost: 2,
    body: { prompt: 'Say something short', modelId: 'openai/gpt-4o-mini' },
  },
  image: {
    path: '/api/image/text-to-image/generate-image',
    cost: 20,
    body: { model: 'seedream-v3', prompt: 'a quiet harbour', aspectRatio: 'square', imageFormat: 'webp' },
  },
  prompt: {
    path: '/api/prompt/generate-text-prompt',
    cost: 1,
    body: { text: 'a cat on a wall', toolName: 'magic-enhance' },
  },
} as const;
type Kind = keyof typeof CALLS;
/** Each member's calls, in order: 31 credits of the 50 (34 with the tail), so none is refused for want of credits. */
const PLAN: Kind[] = ['chat', 'prompt', 'chat', 'image', 'prompt', 'chat', 'chat', 'prompt'];
const MEMBERS = 6;
// Redelivery of a usage event credits could not apply (its database down): every 2 s, for up to 30 s.
const USAGE_ACK_WAIT_MS = 2_000;
const USAGE_MAX_DELIVER = 15;

/**
 * One call's bound. A call still unanswered after it is a hang, reported as such (a connection-failed outcome, and the
 * hung calls named in the failure), never the whole test's timeout with no word of where it stopped.
 */
const CALL_TIMEOUT_MS = 120_000;

interface Outcome {
  userId: string;
  kind: Kind;
  /** 0: the connection failed. */
  status: number;
  /** What the member was told: the call gave its result. */
  succeeded: boolean;
  /** No answer within CALL_TIMEOUT_MS. */
  hung?: boolean;
}

let jwks: TestJwks;
let postgres: KillablePostgres;
let openai: FakeOpenAi;
let fal: FakeFal;
let namespace: string;
let creditsUrl: string;
const children: ChildService[] = [];
const urls: Partial<Record<Kind, string>> = {};

beforeAll(async () => {
  jwks = await startTestJwks();
  postgres = await startKillablePostgres('pg-kill');
  openai = await startFakeOpenAi();
  // Chat replies stream for about a second and a half, so the kill finds some of them mid-way and at their end.
  openai.setFallback({
    kind: 'stream',
    chunks: Array.from({ length: 13 }, (_, i) => `word${i} `),
    chunkDelayMs: 120,
  });
  fal = await startFakeFal();
  namespace = uniqueNamespace('pgkill');
  const shared = {
    NATS_URL: testNatsUrl(),
    NATS_NAMESPACE: namespace,
    JWKS_URL: jwks.url,
    LOG_LEVEL: 'warn',
  };
  creditsUrl = await postgres.database('credits');
  const start = async (workspace: string, env: Record<string, string>) => {
    const child = await startChildService(workspace, { ...shared, ...env });
    children.push(child);
    return child;
  };
  // One at a time: four TypeScript processes starting at once would starve a two-core machine.
  await start('services/credits', {
    DATABASE_URL: creditsUrl,
    USAGE_ACK_WAIT_MS: String(USAGE_ACK_WAIT_MS),
    USAGE_MAX_DELIVER: String(USAGE_MAX_DELIVER),
    HOLD_TTL_MS: String(180_000 + USAGE_MAX_DELIVER * USAGE_ACK_WAIT_MS),
  });
  urls.chat = (
    await start('services/chat', {
      ...testObjectStoreEnv(),
      DATABASE_URL: await postgres.database('chat'),
      OPENAI_API_KEY: 'pg-kill-fake-key',
      OPENAI_BASE_URL: openai.baseUrl,
    })
  ).url;
  urls.image = (
    await start('services/image', {
      ...testObjectStoreEnv(),
      DATABASE_URL: await postgres.database('image'),
      FAL_KEY: 'fal-pg-kill-key',
      FAL_BASE_URL: fal.baseUrl,
      FAL_POLL_INTERVAL_MS: '50',
    })
  ).url;
  urls.prompt = (
    await start('services/prompt', {
      // A member's prompt result is stored with its charge (issue 37): the same killed server.
      DATABASE_URL: await postgres.database('prompt'),
      PROMPT_PROVIDER: 'openai',
      OPENAI_API_KEY: 'pg-kill-fake-key',
      OPENAI_BASE_URL: openai.baseUrl,
    })
  ).url;
}, 300_000);

afterAll(async () => {
  for (const child of children.reverse()) await child.stop().catch(() => undefined);
  await postgres?.remove();
  await openai?.close();
  await fal?.close();
  await jwks?.close();
}, 120_000);

async function send(userId: string, token: string, kind: Kind): Promise<Outcome> {
  const call = CALLS[kind];
  try {
    const reply = await callJson(urls[kind]!, 'POST', call.path, {
      token,
      body: call.body,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    // A chat reply is a success when it completed (a stop would be one too; none is sent here).
    const succeeded = reply.status === 200 && (kind !== 'chat' || reply.body.status === 'completed');
    return { userId, kind, status: reply.status, succeeded };
  } catch (error) {
    console.error(`postgres-kill: ${kind} call of ${userId} threw`, error);
    const hung = error instanceof DOMException && error.name === 'TimeoutError';
    return { userId, kind, status: 0, succeeded: false, ...(hung ? { hung } : {}) };
  }
}

interface Trail {
  user_id: string;
  credits: number;
  ledger_sum: number;
  held: number;
  min_running: number;
}

// The test's limit: the load (slower on a busy machine), the tail, and the two settling waits of 90 s each.
describe('a mixed load with PostgreSQL killed mid-run', { timeout: 480_000 }, () => {
  it('keeps every invariant: balance = Σ ledger, never negative, no hold left, nobody told "failed" and charged', async () => {
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async () => {
        const userId = randomUUID();
        return { userId, token: await jwks.tokenFor(userId) };
      }),
    );
    // How long each phase took, printed at the end and with any failure: where the time went on a slow machine.
    const phases: Record<string, number> = {};
    let phaseStart = Date.now();
    const phase = (name: string) => {
      phases[name] = Date.now() - phaseStart;
      phaseStart = Date.now();
    };
    const outcomes: Outcome[] = [];
    const load = Promise.all(
      members.map(async ({ userId, token }) => {
        for (const kind of PLAN) outcomes.push(await send(userId, token, kind));
      }),
    );
    // The database dies once the load is under way (some calls done, others in flight), and is back a moment later.
    await waitUntil(
      async () => outcomes.length,
      (done) => done >= MEMBERS,
      { ...SETTLING, what: 'calls under way', timeoutMs: 60_000 },
    );
    const killedAt = outcomes.length;
    await postgres.kill();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await postgres.start();
    phase('loadUntilKilledAndBack');
    await load;
    phase('restOfLoad');
    expect(outcomes.length).toBeGreaterThan(killedAt);
    // A call may fail while the database is down, never hang: every member is answered.
    expect(
      outcomes.filter((outcome) => outcome.hung),
      JSON.stringify(phases),
    ).toEqual([]);
    // Once it is back, and every service says it is ready again (its readiness reads the database through its pool,
    // as a load balancer asks before it sends traffic), the product serves everyone again (3 more credits each, 34 of
    // 50 at most). In the second or so between the server's return and the pools' reconnection a call may get 503.
    await Promise.all(
      children.map((child) =>
        waitUntil(
          async () => {
            const reply = await fetch(`${child.opsUrl}/readyz`);
            await reply.body?.cancel();
            return reply.status;
          },
          (status) => status === 200,
          { ...SETTLING, what: `${child.url} ready again`, timeoutMs: 60_000 },
        ),
      ),
    );
    phase('readyAgain');
    const tail: Outcome[] = [];
    await Promise.all(
      members.map(async ({ userId, token }) => {
        for (const kind of ['chat', 'prompt'] as const) tail.push(await send(userId, token, kind));
      }),
    );
    phase('tail');
    // A service that died says why in its own last lines.
    const lastLines = children
      .map((child) => child.output().split('\n').slice(-40).join('\n'))
      .join('\n---\n');
    expect(
      tail.filter((outcome) => !outcome.succeeded),
      `${JSON.stringify(phases)}\n${lastLines}`,
    ).toEqual([]);
    outcomes.push(...tail);

    const sql = connectDatabase(creditsUrl, { max: 1 });
    try {
      // Every hold settles (no replica died here: by its commit or release, not by a sweeper), every event applied.
      await waitUntil(
        async () => Number((await sql`select count(*)::int as n from holds where status = 'held'`)[0]!.n),
        (held) => held === 0,
        { ...SETTLING, what: 'holds still held', timeoutMs: 90_000 },
      ).catch(async (error: unknown) => {
        // Which holds, and what every service logged of them: where a settlement was lost.
        const held = await sql`
          select request_id::text, tool, user_id::text, created_at, replica from holds where status = 'held'`;
        const lines = children.flatMap((child) =>
          child
            .output()
            .split('\n')
            .filter((line) => held.some((hold) => line.includes(String(hold.request_id)))),
        );
        throw new Error(
          `${String(error)}\nphases ${JSON.stringify(phases)}\nheld ${JSON.stringify(held)}\n${lines.join('\n')}`,
        );
      });
      phase('holdsSettled');
      await waitUntil(
        () => pendingUsageEvents(testNatsUrl(), namespace),
        (pending) => pending === 0,
        { ...SETTLING, what: `usage events pending (phases ${JSON.stringify(phases)})`, timeoutMs: 90_000 },
      );
      phase('eventsApplied');

      const trails = new Map(
        (
          await sql<Trail[]>`
            select a.user_id::text as user_id, a.credits,
              coalesce(sum(l.delta), 0)::int as ledger_sum,
              (select count(*)::int from holds h where h.user_id = a.user_id and h.status = 'held') as held,
              coalesce(min(l.running), 0)::int as min_running
            from accounts a
            left join (
              select user_id, delta, sum(delta) over (partition by user_id order by id) as running from ledger
            ) l using (user_id)
            group by a.user_id, a.credits`
        ).map((trail) => [trail.user_id, trail]),
      );
      const counts: Record<string, number> = {};
      for (const { userId } of members) {
        const mine = outcomes.filter((outcome) => outcome.userId === userId);
        for (const outcome of mine) {
          const key = `${outcome.kind}.${outcome.succeeded ? 'ok' : `failed-${outcome.status}`}`;
          counts[key] = (counts[key] ?? 0) + 1;
        }
        const trail = trails.get(userId);
        const label = JSON.stringify({ trail, mine, phases });
        expect(trail, label).toBeDefined();
        expect(trail!.credits, label).toBe(trail!.ledger_sum);
        expect(trail!.credits, label).toBeGreaterThanOrEqual(0);
        expect(trail!.min_running, label).toBeGreaterThanOrEqual(0);
        expect(trail!.held, label).toBe(0);
        // Taken = the price of what the member was told succeeded: no failure charged, no result free.
        const owed = mine.filter((o) => o.succeeded).reduce((sum, o) => sum + CALLS[o.kind].cost, 0);
        expect(OPENING_CREDITS - trail!.credits, label).toBe(owed);
      }
      console.log(
        `[postgres-kill] ${outcomes.length} calls, killed after ${killedAt}: ${JSON.stringify(counts)}; ` +
          `phases (ms): ${JSON.stringify(phases)}`,
      );
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
