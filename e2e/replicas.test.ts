// Two replicas of credits, chat and image behind one gateway (every process its real main.ts, the gateway balancing
// between the replicas), under a bounded mixed load of chat messages, image generations and balance reads:
// - phase 1 SIGKILLs one replica of each mid-run (a tool replica right after its provider received a call); the load
//   goes on against the survivors; the killed replicas are then replaced on the same ports;
// - phase 2 kills the NATS server (SIGKILL) mid-run and starts it again on the same port and JetStream folder.
// Afterwards, once the hold sweeper's TTL has passed: every request either succeeded and was charged exactly once
// or failed and was not charged (charged and refunded), every balance equals its ledger sum, no hold is left
// `held`, and the usage events of requests that finished after the kill were applied by the surviving credits
// replica (its NATS consumer took over the shared durable consumer). Each request runs as a fresh member (50
// opening credits), so its own money trail tells its story.
// Runs in the root vitest run (node project), not in the browser suite: it needs no shell build and no browser.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  createTestDatabase,
  startChildService,
  startFakeOpenAi,
  startOwnNats,
  startTestJwks,
  testObjectStoreEnv,
  uniqueNamespace,
  type ChildService,
  type FakeOpenAi,
  type OwnNats,
  type TestDatabase,
  type TestJwks,
  waitUntil,
} from '@act/service-kit/testing';
import { startFakeFal, type FakeFal } from '@act/image/testing';
import { pendingUsageEvents, SETTLING } from './support/settling';

const OPENING_CREDITS = 50;
const CHAT = { path: '/api/chat/chat-agent/send-message', cost: 2 } as const;
const IMAGE = { path: '/api/image/text-to-image/generate-image', cost: 20 } as const;
// The shortest hold TTL credits accepts with these redelivery settings (180 s of charged work + 5 × 2 s): holds of
// requests whose tool replica died are expired and refunded by the sweeper this long after they were taken.
const USAGE_ACK_WAIT_MS = 2_000;
const USAGE_MAX_DELIVER = 5;
const HOLD_TTL_MS = 180_000 + USAGE_MAX_DELIVER * USAGE_ACK_WAIT_MS;
/** Requests in flight at once: bounded, so a loaded two-core machine keeps up. */
const CONCURRENCY = 5;

type Kind = 'chat' | 'image' | 'read';
interface Outcome {
  phase: 1 | 2;
  kind: Kind;
  userId: string;
  status: number;
  /** Started after the phase's fault began. */
  afterFault: boolean;
}

let jwks: TestJwks;
let nats: OwnNats;
// One fake provider per replica, so the test knows when a replica has a call in flight.
let openai: FakeOpenAi[];
let fal: FakeFal[];
const databases: TestDatabase[] = [];
const children: ChildService[] = [];
let credits: ChildService[];
let chat: ChildService[];
let image: ChildService[];
let gateway: ChildService;
let creditsDb: TestDatabase;
let namespace: string;

/** How each replica was started, so a killed one can be replaced on the same port (as a new pod behind its name). */
const specs = new Map<ChildService, { workspace: string; env: Record<string, string> }>();

async function start(workspace: string, env: Record<string, string>, port?: number): Promise<ChildService> {
  const child = await startChildService(workspace, env, port ? { port } : {});
  children.push(child);
  specs.set(child, { workspace, env });
  return child;
}

/** A new process for a killed replica, on the port the gateway knows it by. */
async function replace(killed: ChildService): Promise<ChildService> {
  const { workspace, env } = specs.get(killed)!;
  return start(workspace, env, Number(new URL(killed.url).port));
}

beforeAll(async () => {
  jwks = await startTestJwks();
  nats = await startOwnNats();
  openai = [await startFakeOpenAi(), await startFakeOpenAi()];
  // Each chat answer takes a moment, so a kill finds one in flight.
  for (const fake of openai)
    fake.setFallback({ kind: 'text', text: 'An answer from the fake provider.', delayMs: 1_500 });
  fal = [await startFakeFal(), await startFakeFal()];
  namespace = uniqueNamespace('rep');
  creditsDb = await createTestDatabase('replicas_credits');
  const chatDb = await createTestDatabase('replicas_chat');
  const imageDb = await createTestDatabase('replicas_image');
  databases.push(creditsDb, chatDb, imageDb);
  const shared = { NATS_URL: nats.url, NATS_NAMESPACE: namespace, JWKS_URL: jwks.url, LOG_LEVEL: 'warn' };
  const creditsEnv = {
    ...shared,
    DATABASE_URL: creditsDb.url,
    HOLD_TTL_MS: String(HOLD_TTL_MS),
    SWEEP_INTERVAL_MS: '1000',
    USAGE_ACK_WAIT_MS: String(USAGE_ACK_WAIT_MS),
    USAGE_MAX_DELIVER: String(USAGE_MAX_DELIVER),
  };
  const chatEnv = {
    ...shared,
    ...testObjectStoreEnv(),
    DATABASE_URL: chatDb.url,
    OPENAI_API_KEY: 'replicas-fake-key',
  };
  const imageEnv = {
    ...shared,
    ...testObjectStoreEnv(),
    DATABASE_URL: imageDb.url,
    FAL_KEY: 'fal-replicas-key',
    FAL_POLL_INTERVAL_MS: '100',
  };
  // Two at a time: seven TypeScript processes starting at once would starve a two-core machine.
  credits = [await start('services/credits', creditsEnv)];
  credits.push(await start('services/credits', creditsEnv));
  chat = await Promise.all(
    openai.map((fake) => start('services/chat', { ...chatEnv, OPENAI_BASE_URL: fake.baseUrl })),
  );
  image = await Promise.all(
    fal.map((fake) => start('services/image', { ...imageEnv, FAL_BASE_URL: fake.baseUrl })),
  );
  const list = (replicas: ChildService[], key: 'url' | 'opsUrl') => replicas.map((r) => r[key]).join(',');
  gateway = await start('gateway', {
    JWKS_URL: jwks.url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    CREDITS_URL: list(credits, 'url'),
    CREDITS_OPS_URL: list(credits, 'opsUrl'),
    CHAT_URL: list(chat, 'url'),
    CHAT_OPS_URL: list(chat, 'opsUrl'),
    IMAGE_URL: list(image, 'url'),
    IMAGE_OPS_URL: list(image, 'opsUrl'),
  });
}, 300_000);

afterAll(async () => {
  for (const child of children.reverse()) await child.stop().catch(() => undefined);
  for (const db of databases) await db.drop().catch(() => undefined);
  await nats?.stop();
  for (const fake of [...(openai ?? []), ...(fal ?? [])]) await fake.close();
  await jwks?.close();
}, 120_000);

/** One request as a fresh member; a network failure counts as a failed request (status 0). */
async function send(kind: Kind, phase: 1 | 2, afterFault: boolean): Promise<Outcome> {
  const userId = randomUUID();
  const token = await jwks.tokenFor(userId);
  let status: number;
  try {
    const reply =
      kind === 'read'
        ? await callJson(gateway.url, 'GET', '/api/credits/me', { token })
        : kind === 'chat'
          ? await callJson(gateway.url, 'POST', CHAT.path, {
              token,
              body: { prompt: 'Say something short', modelId: 'openai/gpt-4o-mini' },
            })
          : await callJson(gateway.url, 'POST', IMAGE.path, {
              token,
              body: {
                model: 'seedream-v3',
                prompt: 'a quiet harbour',
                aspectRatio: 'square',
                imageFormat: 'webp',
              },
            });
    status = reply.status;
  } catch {
    status = 0;
  }
  return { phase, kind, userId, status, afterFault };
}

/**
 * Runs `plan` with CONCURRENCY requests in flight; once `faultAt` requests have started, runs `fault` beside the
 * load (the requests started from then on are marked `afterFault`). When both are done, `tail` runs the same way: the
 * load after the fault is over, which must find the survivors serving.
 */
async function runLoad(
  phase: 1 | 2,
  plan: Kind[],
  faultAt: number,
  fault: () => Promise<void>,
  tail: Kind[],
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let faultStarted = false;
  let faultDone: Promise<void> | undefined;
  const run = async (kinds: Kind[], atStart?: (index: number) => void) => {
    let next = 0;
    const worker = async () => {
      while (next < kinds.length) {
        const index = next++;
        atStart?.(index);
        outcomes.push(await send(kinds[index]!, phase, faultStarted));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  };
  await run(plan, (index) => {
    if (index !== faultAt) return;
    faultDone = fault();
    faultStarted = true;
  });
  await faultDone;
  await run(tail);
  return outcomes;
}

const mix = (rounds: number): Kind[] =>
  Array.from({ length: rounds }, () => ['chat', 'read', 'image', 'chat', 'read'] as Kind[]).flat();

/** Resolves when `count()` grows (a provider received a new call), or after a minute without one. */
async function callArrives(count: () => number): Promise<void> {
  const before = count();
  const deadline = Date.now() + 60_000;
  while (count() === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** SIGKILL, as a crashed pod or a node lost: no graceful shutdown, in-flight work simply stops. */
async function crash(child: ChildService): Promise<void> {
  child.signal('SIGKILL');
  await child.stop();
}

interface Trail {
  user_id: string;
  credits: number;
  ledger_sum: number;
  charges: number;
  charged: number;
  refunds: number;
}

describe('two replicas of credits, chat and image behind the gateway', () => {
  it(
    'charges each successful request once and no failed one, when replicas die and when NATS restarts',
    async () => {
      const outcomes: Outcome[] = [];
      // Phase 1: one replica of each service dies (SIGKILL) with requests in flight.
      outcomes.push(
        ...(await runLoad(
          1,
          mix(6),
          12,
          async () => {
            // Each tool replica dies right after its provider received a call: a charged request in flight, its
            // credits held. Credits' first replica dies at once.
            await Promise.all([
              crash(credits[0]!),
              callArrives(() => openai[0]!.requests.length).then(() => crash(chat[0]!)),
              callArrives(() => fal[0]!.requests.length).then(() => crash(image[0]!)),
            ]);
          },
          mix(2),
        )),
      );
      // The killed replicas are replaced (same ports, fresh processes): the gateway takes them back once their
      // 5 s set-aside has passed.
      [credits[0], chat[0], image[0]] = await Promise.all([
        replace(credits[0]!),
        replace(chat[0]!),
        replace(image[0]!),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const callsBeforePhase2 = [openai[0]!.requests.length, fal[0]!.requests.length];
      // Phase 2: two replicas of each again; the NATS server dies and comes back on the same port and JetStream
      // folder.
      outcomes.push(
        ...(await runLoad(
          2,
          mix(4),
          10,
          async () => {
            await nats.kill();
            await new Promise((resolve) => setTimeout(resolve, 3_000));
            await nats.restart();
            // The services reconnect on their own (every second); give them a moment before the tail.
            await new Promise((resolve) => setTimeout(resolve, 5_000));
          },
          mix(2),
        )),
      );

      const sql = postgres(creditsDb.url, { max: 1, onnotice: () => undefined });
      try {
        // Holds of requests whose replica died are expired and refunded once the TTL has passed.
        await waitUntil(
          async () => Number((await sql`select count(*)::int as n from holds where status = 'held'`)[0]!.n),
          (held) => held === 0,
          { ...SETTLING, what: 'holds still held', timeoutMs: HOLD_TTL_MS + 120_000 },
        );
        // Every usage event published (outbox relays included) has been applied by the surviving credits replica.
        await waitUntil(
          () => pendingUsageEvents(nats.url, namespace),
          (pending) => pending === 0,
          { ...SETTLING, what: 'usage events pending', timeoutMs: 120_000 },
        );

        const trails = new Map(
          (
            await sql<Trail[]>`
              select a.user_id::text as user_id, a.credits,
                coalesce(sum(l.delta), 0)::int as ledger_sum,
                count(*) filter (where l.reason in ('charge', 'late_charge'))::int as charges,
                coalesce(-sum(l.delta) filter (where l.reason in ('charge', 'late_charge')), 0)::int as charged,
                count(*) filter (where l.reason in ('refund', 'expiry_refund'))::int as refunds
              from accounts a left join ledger l using (user_id)
              group by a.user_id, a.credits`
          ).map((trail) => [trail.user_id, trail]),
        );
        // Every balance equals the sum of its ledger rows (grants + refunds − charges).
        for (const trail of trails.values()) expect(trail.credits, trail.user_id).toBe(trail.ledger_sum);

        // The calls in flight on the killed tool replicas left holds nobody settled: the sweeper expired them.
        const expired = Number(
          (await sql`select count(*)::int as n from holds where status = 'expired'`)[0]!.n,
        );
        expect(expired).toBeGreaterThanOrEqual(2);

        const costOf = (kind: Kind) => (kind === 'chat' ? CHAT.cost : kind === 'image' ? IMAGE.cost : 0);
        const counts = {
          requests: 0,
          succeeded: 0,
          failed: 0,
          charged: 0,
          refunded: 0,
          expiredHolds: expired,
        };
        for (const outcome of outcomes) {
          const trail = trails.get(outcome.userId);
          const label = JSON.stringify({ outcome, trail });
          counts.requests += 1;
          const ok = outcome.status === 200;
          if (ok) counts.succeeded += 1;
          else counts.failed += 1;
          if (trail && trail.charges > trail.refunds) counts.charged += 1;
          if (trail && trail.refunds > 0) counts.refunded += 1;
          if (ok && outcome.kind !== 'read') {
            // Succeeded: charged exactly once, never refunded.
            expect(trail?.credits, label).toBe(OPENING_CREDITS - costOf(outcome.kind));
            expect([trail?.charges, trail?.charged, trail?.refunds], label).toEqual([
              1,
              costOf(outcome.kind),
              0,
            ]);
          } else {
            // Failed (or a read): nothing kept; a charge taken in flight came back.
            if (trail) expect(trail.credits, label).toBe(OPENING_CREDITS);
          }
        }
        console.log(`[replicas] ${JSON.stringify(counts)}`);
        console.log(
          `[replicas] by phase and kind: ${JSON.stringify(
            outcomes.reduce<Record<string, number>>((acc, o) => {
              const key = `p${o.phase}.${o.kind}.${o.status === 200 ? 'ok' : 'failed'}`;
              acc[key] = (acc[key] ?? 0) + 1;
              return acc;
            }, {}),
          )}`,
        );

        // The load went on through the faults: requests started after each fault succeeded, and the charged work
        // finished after credits' first replica died was applied by the second one.
        for (const phase of [1, 2] as const) {
          const late = outcomes.filter((o) => o.phase === phase && o.afterFault && o.kind !== 'read');
          expect(late.filter((o) => o.status === 200).length, `phase ${phase}`).toBeGreaterThan(0);
        }
        expect(outcomes.filter((o) => o.kind === 'read' && o.status === 200).length).toBeGreaterThan(0);
        // The replacements got their share of phase 2: the gateway balanced to them again.
        expect(openai[0]!.requests.length).toBeGreaterThan(callsBeforePhase2[0]!);
        expect(fal[0]!.requests.length).toBeGreaterThan(callsBeforePhase2[1]!);
        for (const replica of [...credits, ...chat, ...image])
          expect((await fetch(`${replica.opsUrl}/readyz`)).status).toBe(200);
        expect((await fetch(`${gateway.url}/api/health`)).status).toBe(200);
      } finally {
        await sql.end();
      }
    },
    HOLD_TTL_MS + 360_000,
  );
});
