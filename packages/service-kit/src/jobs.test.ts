// The jobs runner on real PostgreSQL and NATS with a scripted credits responder: a job's result, its own records
// and the commit of its charge land together; a failure is refunded once; a job whose replica died is re-claimed by
// another and charged once; two replicas never run one job at once; a job that keeps losing its replica fails and
// is refunded.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from './errors';
import { createCreditsClient, type ChargeRef, type CreditsClient } from './charges';
import { connectDatabase, runMigrations, type Sql } from './database';
import { createJobRunner, JOBS_MIGRATIONS, type JobHandler, type JobRunner } from './jobs';
import { connectNats, jetstream, type NatsConnection } from './nats';
import { OUTBOX_MIGRATIONS, startOutboxRelay, type Outbox } from './outbox';
import { createTestDatabase, silentLogger, testNatsUrl, uniqueNamespace, type TestDatabase } from './testing';
import { startScriptedCredits, type ScriptedCredits } from './testing/scripted-credits';

const namespace = uniqueNamespace('jb');
let db: TestDatabase;
let sql: Sql;
let nc: NatsConnection;
let scripted: ScriptedCredits;
let credits: CreditsClient;
let outbox: Outbox;
const runners: JobRunner[] = [];

beforeAll(async () => {
  db = await createTestDatabase('jobs');
  sql = connectDatabase(db.url);
  await runMigrations(sql, OUTBOX_MIGRATIONS, JOBS_MIGRATIONS);
  await sql`create table clips (job_id uuid primary key, text text not null)`;
  nc = await connectNats({ url: testNatsUrl(), name: 'jobs-test' });
  scripted = await startScriptedCredits(nc, namespace);
  credits = createCreditsClient({ nc, namespace });
  outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
});
// Each test's runners stop with it, so none of them claims a job of a later test.
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});
afterAll(async () => {
  await outbox.stop();
  await scripted.stop();
  await nc.close();
  await sql.end();
  await db.drop();
});

/** The outcomes published for one request id, e.g. ['committed']. */
async function outcomesOf(requestId: string): Promise<string[]> {
  await outbox.publishPending();
  await credits.releasesPublished();
  const [committed, released] = await Promise.all([
    scripted.published('committed'),
    scripted.published('released'),
  ]);
  // One outcome published twice (outbox and immediate release) carries one message id: JetStream keeps one.
  return [
    ...committed.filter((e) => e.event.requestId === requestId).map(() => 'committed'),
    ...released.filter((e) => e.event.requestId === requestId).map(() => 'released'),
  ];
}

const chargeRef = (): ChargeRef => ({
  requestId: randomUUID(),
  tool: 'text-to-speech',
  userId: randomUUID(),
});

interface SpeakInput {
  text: string;
}

/** A handler that does its work when `release()` is called, reporting progress, or fails on 'fail'. */
function gatedHandler() {
  const runs: string[] = [];
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const handler: JobHandler<SpeakInput, { spoken: string }> = {
    async run(job, context) {
      runs.push(job.id);
      context.progress(40);
      // A real engine stops when told to (the replica is going away).
      await Promise.race([
        gate,
        new Promise((_resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(context.signal.reason as Error)),
        ),
      ]);
      if (job.input.text === 'fail')
        throw new AppError(ErrorCode.PROVIDER_FAILED, 'Failed to generate speech');
      context.progress(90);
      return { spoken: job.input.text.toUpperCase() };
    },
    async saveIn(tx, job, result) {
      await tx`insert into clips (job_id, text) values (${job.id}, ${result.spoken})`;
    },
  };
  return {
    handler,
    runs,
    release() {
      open();
    },
    reset() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

function runner(handler: JobHandler<SpeakInput, { spoken: string }>, options: { leaseMs?: number } = {}) {
  const created = createJobRunner({
    sql,
    credits,
    outbox,
    logger: silentLogger(),
    handlers: { 'text-to-speech': handler },
    failureText: 'Failed to generate speech',
    leaseMs: options.leaseMs ?? 30_000,
    pollMs: 60_000,
  });
  runners.push(created);
  return created;
}

describe('createJobRunner', () => {
  it('stores the result, the handler records and the commit together, and reports progress to a waiter', async () => {
    const gated = gatedHandler();
    const jobs = runner(gated.handler);
    const charge = chargeRef();
    const job = await jobs.submit({
      owner: charge.userId!,
      tool: 'text-to-speech',
      input: { text: 'hi' },
      charge,
    });
    expect(job.status).toBe('running');
    const seen: number[] = [];
    const waiting = jobs.wait<SpeakInput, { spoken: string }>(job.id, { onProgress: (p) => seen.push(p) });
    await expect.poll(() => seen).toContain(40);
    gated.release();
    const done = await waiting;
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, result: { spoken: 'HI' } });
    expect(await sql`select text from clips where job_id = ${job.id}`).toEqual([{ text: 'HI' }]);
    expect(await outcomesOf(charge.requestId)).toEqual(['committed']);
    expect(await jobs.listActive(charge.userId!)).toEqual([]);
  });

  it('stores the failure text and releases the hold once when the work fails', async () => {
    const gated = gatedHandler();
    gated.release();
    const jobs = runner(gated.handler);
    const charge = chargeRef();
    const job = await jobs.submit({
      owner: charge.userId!,
      tool: 'text-to-speech',
      input: { text: 'fail' },
      charge,
    });
    const done = await jobs.wait(job.id);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'Failed to generate speech',
      errorCode: 'PROVIDER_FAILED',
    });
    expect(await sql`select count(*)::int as n from clips where job_id = ${job.id}`).toEqual([{ n: 0 }]);
    expect(await outcomesOf(charge.requestId)).toEqual(['released']);
  });

  it('lets another replica re-claim a job whose replica died, and charges it once', async () => {
    const dying = gatedHandler();
    const first = runner(dying.handler, { leaseMs: 300 });
    const charge = chargeRef();
    const job = await first.submit({
      owner: charge.userId!,
      tool: 'text-to-speech',
      input: { text: 'again' },
      charge,
    });
    await expect.poll(() => dying.runs).toEqual([job.id]);
    // The first replica stops without finishing (as if killed): its lease is left to run out.
    await first.stop();

    const healthy = gatedHandler();
    healthy.release();
    const second = runner(healthy.handler, { leaseMs: 300 });
    // While the lease still holds, nobody else may take the job.
    const [row] = await sql`select locked_until > now() as held from jobs where id = ${job.id}`;
    if (row?.held) expect(await second.reclaimNow()).toBe(0);
    await expect
      .poll(async () => {
        await second.reclaimNow();
        return healthy.runs;
      })
      .toEqual([job.id]);
    const done = await second.wait(job.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, result: { spoken: 'AGAIN' } });
    dying.release();
    expect(await sql`select text from clips where job_id = ${job.id}`).toEqual([{ text: 'AGAIN' }]);
    expect(await outcomesOf(charge.requestId)).toEqual(['committed']);
  });

  it('never gives one job to two replicas at once (SKIP LOCKED)', async () => {
    const charge = chargeRef();
    const id = randomUUID();
    await sql`
      insert into jobs (id, owner, tool, input, request_id, charge)
      values (${id}, ${charge.userId!}, 'text-to-speech', ${sql.json({ text: 'once' })}, ${charge.requestId},
        ${sql.json(charge as never)})`;
    const a = gatedHandler();
    const b = gatedHandler();
    const [ra, rb] = [runner(a.handler), runner(b.handler)];
    await Promise.all([ra.reclaimNow(), rb.reclaimNow()]);
    const claimedBy = [...a.runs, ...b.runs].filter((run) => run === id);
    expect(claimedBy).toEqual([id]);
    a.release();
    b.release();
    // Waiting on the replica that runs it (another would read the row only every pollMs).
    const done = await (a.runs.includes(id) ? ra : rb).wait(id);
    expect(done.status).toBe('succeeded');
    expect(await outcomesOf(charge.requestId)).toEqual(['committed']);
  });

  it('fails and refunds a job that lost its replica on every attempt, and lets its handler clean up', async () => {
    const charge = chargeRef();
    const id = randomUUID();
    await sql`
      insert into jobs (id, owner, tool, status, input, request_id, charge, attempts, locked_by, locked_until)
      values (${id}, ${charge.userId!}, 'text-to-speech', 'running', ${sql.json({ text: 'lost' })},
        ${charge.requestId}, ${sql.json(charge as never)}, 2, 'gone', now() - interval '1 second')`;
    const cleaned: string[] = [];
    const jobs = runner({ ...gatedHandler().handler, onFailed: async (job) => void cleaned.push(job.id) });
    await jobs.reclaimNow();
    const job = await jobs.get(id);
    expect(job).toMatchObject({ status: 'failed', error: 'Failed to generate speech' });
    expect(await outcomesOf(charge.requestId)).toEqual(['released']);
    expect(cleaned).toEqual([id]);
  });

  it('forgets finished jobs after their retention', async () => {
    const charge = chargeRef();
    const id = randomUUID();
    await sql`
      insert into jobs (id, owner, tool, status, input, request_id, charge, finished_at)
      values (${id}, ${charge.userId!}, 'text-to-speech', 'succeeded', ${sql.json({ text: 'old' })},
        ${charge.requestId}, ${sql.json(charge as never)}, now() - interval '8 days')`;
    await runner(gatedHandler().handler).reclaimNow();
    expect(await sql`select id from jobs where id = ${id}`).toEqual([]);
  });
});
