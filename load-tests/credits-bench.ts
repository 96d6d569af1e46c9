// Credits benchmark: reserve-then-commit cycles per second through NATS (request/reply reserve, JetStream commit,
// durable consumer applying it), with the real credits workers in this process, against a reference of raw
// conditional UPDATEs on the same PostgreSQL with the same pool size and concurrency. A cycle counts only once its
// commit is applied in the database. Beside them the floor (credits-floor.ts): the same cycle's I/O written raw, what
// the ratio can reach on this design.
import { randomUUID } from 'node:crypto';
import { toolCost, type ToolId } from '@act/contracts';
import { natsNames } from '@act/contracts/server';
import {
  connectDatabase,
  connectNats,
  createCreditsClient,
  createLogger,
  jetstream,
  jetstreamManager,
  type NatsConnection,
  type Outbox,
  type Sql,
  startOutboxRelay,
} from '@act/service-kit';
import {
  createCreditsStore,
  createNoticeEvents,
  createPaddleClient,
  ensureAccount,
  loadCreditsConfig,
  migrateCreditsDatabase,
  startCreditsWorkers,
  systemClock,
} from '@act/credits/bench';
import { startCreditsFloor } from './credits-floor';

export interface CreditsBenchOptions {
  /** Admin URL of the PostgreSQL server; a throw-away database is created on it. Default: env DATABASE_URL. */
  databaseUrl?: string;
  /** Default: env NATS_URL. */
  natsUrl?: string;
  /** Measured seconds per side, split over alternating rounds (default env BENCH_SECONDS or 5). */
  seconds?: number;
  /** Cycles in flight at once (default 64). */
  concurrency?: number;
  /** Database pool of both sides (default 10, the service default). */
  poolMax?: number;
}

export interface CreditsBenchResult {
  cyclesPerSecond: number;
  referenceCyclesPerSecond: number;
  ratio: number;
  /** The cycle's raw I/O with no service logic (credits-floor.ts), same concurrency and pool. */
  floorCyclesPerSecond: number;
  /** floor / raw UPDATE: what `ratio` can reach on this design. */
  floorRatio: number;
  /** cycle / floor: how much of the floor the service keeps. */
  cycleOverFloor: number;
}

const ACCOUNTS = 500;
const TOOL: ToolId = 'magic-enhance';
const START_BALANCE = 1_000_000_000;
const ROUNDS = 5;

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`benchCredits needs ${name} (pass it or set the env variable)`);
  return value;
}

async function withScratchDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_credits_${randomUUID().slice(0, 8)}`;
  const admin = connectDatabase(adminUrl, { max: 1 });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

async function openAccounts(sql: Sql, count: number): Promise<string[]> {
  const store = createCreditsStore(sql);
  const userIds = Array.from({ length: count }, () => randomUUID());
  for (const userId of userIds) {
    await ensureAccount(store, userId, new Date());
    await sql.begin(async (tx) => {
      // Large balances so neither side ever runs dry; through the ledger like any balance change.
      const [row] = await tx<
        { credits: number }[]
      >`select credits from accounts where user_id = ${userId} for update`;
      await tx`update accounts set credits = ${START_BALANCE}, plan_credits = ${START_BALANCE}
               where user_id = ${userId}`;
      await tx`insert into ledger (user_id, delta, reason, idempotency_key, at)
               values (${userId}, ${START_BALANCE - row!.credits}, 'plan_change', ${`bench:${userId}`}, now())`;
    });
  }
  return userIds;
}

/** Runs `cycle` from `concurrency` loops for `seconds`; returns how many cycles completed. */
async function drive(
  seconds: number,
  concurrency: number,
  cycle: (i: number) => Promise<void>,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += concurrency) {
        await cycle(i);
        done += 1;
      }
    }),
  );
  return done;
}

/** The real credits workers in this process on the scratch database (no periodic jobs), as a replica runs them. */
async function startWorkers(options: {
  sql: Sql;
  nc: NatsConnection;
  outbox: Outbox;
  databaseUrl: string;
  natsUrl: string;
  namespace: string;
  poolMax: number;
}) {
  const { sql, nc, outbox, namespace } = options;
  const config = loadCreditsConfig({
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    NATS_NAMESPACE: namespace,
    JWKS_URL: 'http://127.0.0.1:9/jwks.json',
    LOG_LEVEL: 'warn',
    DATABASE_POOL_MAX: String(options.poolMax),
  });
  const deps = {
    config,
    sql,
    store: createCreditsStore(sql),
    nc,
    logger: createLogger({ name: 'credits-bench', level: 'warn' }),
    clock: systemClock,
    paddle: createPaddleClient({ apiUrl: config.PADDLE_API_URL, apiKey: undefined }),
    notices: createNoticeEvents({ outbox, subject: natsNames(namespace).noticeRaised }),
  };
  return startCreditsWorkers(deps, { periodicJobs: false });
}

export async function benchCredits(options: CreditsBenchOptions = {}): Promise<CreditsBenchResult> {
  const adminUrl = required(options.databaseUrl ?? process.env.DATABASE_URL, 'DATABASE_URL');
  const natsUrl = required(options.natsUrl ?? process.env.NATS_URL, 'NATS_URL');
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5);
  const concurrency = options.concurrency ?? 64;
  const poolMax = options.poolMax ?? 10;

  return withScratchDatabase(adminUrl, async (databaseUrl) => {
    const namespace = `bench${randomUUID().slice(0, 8)}`;
    const logger = createLogger({ name: 'credits-bench', level: 'warn' });
    const sql = connectDatabase(databaseUrl, { max: poolMax });
    const nc = await connectNats({ url: natsUrl, name: 'credits-bench' });
    const names = natsNames(namespace);
    // Usage notices the bench's spending raises are published as in production.
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger });
    try {
      await migrateCreditsDatabase(sql);
      const userIds = await openAccounts(sql, ACCOUNTS);
      const workers = await startWorkers({ sql, nc, outbox, databaseUrl, natsUrl, namespace, poolMax });
      const credits = createCreditsClient({ nc, namespace, timeoutMs: 30_000 });
      const cycle = async (i: number) => {
        const userId = userIds[i % userIds.length]!;
        const requestId = randomUUID();
        const reply = await credits.reserve({ requestId, userId, tool: TOOL });
        if (!reply.ok) throw new Error(`reserve refused: ${reply.message}`);
        await credits.commit({ requestId, userId, tool: TOOL, at: new Date().toISOString() });
      };
      const floor = await startCreditsFloor({ sql, nc, namespace, tool: TOOL, cost: toolCost(TOOL) });
      const floorCycle = (i: number) => floor.cycle(userIds[i % userIds.length]!);
      const update = async (i: number) => {
        const userId = userIds[i % userIds.length]!;
        await sql`update accounts set credits = credits - 1 where user_id = ${userId} and credits >= 1`;
      };
      // Warm-up: JIT, connection pools, consumer pulls.
      await drive(1, concurrency, cycle);
      await drive(1, concurrency, floorCycle);
      await drive(1, concurrency, update);
      await waitForCommits(sql);

      // Rounds alternate between the sides so background load on the machine hits them alike.
      const totals = { cycles: 0, cycleMs: 0, floors: 0, floorMs: 0, updates: 0, updateMs: 0 };
      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          let started = performance.now();
          totals.cycles += await drive(seconds / ROUNDS, concurrency, cycle);
          await waitForCommits(sql);
          totals.cycleMs += performance.now() - started;

          started = performance.now();
          totals.floors += await drive(seconds / ROUNDS, concurrency, floorCycle);
          await waitForCommits(sql);
          totals.floorMs += performance.now() - started;

          started = performance.now();
          totals.updates += await drive(seconds / ROUNDS, concurrency, update);
          totals.updateMs += performance.now() - started;
        }
      } finally {
        await workers.stop();
        await floor.stop();
      }
      const cyclesPerSecond = totals.cycles / (totals.cycleMs / 1000);
      const referenceCyclesPerSecond = totals.updates / (totals.updateMs / 1000);
      const floorCyclesPerSecond = totals.floors / (totals.floorMs / 1000);
      const twoPlaces = (x: number) => Math.round(x * 100) / 100;
      return {
        cyclesPerSecond: Math.round(cyclesPerSecond),
        referenceCyclesPerSecond: Math.round(referenceCyclesPerSecond),
        ratio: twoPlaces(cyclesPerSecond / referenceCyclesPerSecond),
        floorCyclesPerSecond: Math.round(floorCyclesPerSecond),
        floorRatio: twoPlaces(floorCyclesPerSecond / referenceCyclesPerSecond),
        cycleOverFloor: twoPlaces(cyclesPerSecond / floorCyclesPerSecond),
      };
    } finally {
      await outbox.stop();
      const jsm = await jetstreamManager(nc);
      for (const stream of [names.usageStream, names.identityStream, names.noticesStream])
        await jsm.streams.delete(stream).catch(() => false);
      await nc.close();
      await sql.end({ timeout: 5 });
    }
  });
}

/** Waits until every hold has been committed by the consumer. */
async function waitForCommits(sql: Sql): Promise<void> {
  for (;;) {
    const [row] = await sql<
      { held: number }[]
    >`select count(*)::int as held from holds where status = 'held'`;
    if (row!.held === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchCredits();
  console.log(JSON.stringify(result));
}
