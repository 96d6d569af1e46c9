// Long work that belongs to the server, not to the browser connection that asked for it (voice isolation, speech):
// a jobs table and a runner. A job is stored with its input and the ref of the credits hold it runs under; the
// replica that accepted it claims and runs it at once, keeps its lease alive while it works, and stores the result,
// the handler's own records and the commit of the charge in one transaction (outbox), so a result is never stored
// without its charge nor charged twice. A failure stores the error and releases the hold in one transaction. Jobs
// whose replica died (lease ran out) are re-claimed by any replica with FOR UPDATE SKIP LOCKED, up to maxAttempts
// runs; after that they fail and are refunded. Progress goes to local watchers at once and to the row, throttled,
// so a waiter on another replica (or a member coming back) sees it too.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { settlementMessage, settleCharge } from '../charges';
import { isAppError } from '../errors';
import { startPeriodicJob } from '../periodic-job';
import {
  recordOf,
  type JobContext,
  type JobHandler,
  type JobOutcome,
  type JobRecord,
  type JobRow,
  type JobRunner,
  type JobRunnerOptions,
  type SubmitInput,
  type WaitOptions,
} from './types';
import { waitForJob } from './wait-for-job';

/** Progress is written to the row at most this often (watchers here get every change). */
const PROGRESS_WRITE_MS = 1_000;

class LeaseLostError extends Error {
  constructor(id: string) {
    super(`job ${id} was claimed by another replica`);
    this.name = 'LeaseLostError';
  }
}

export function createJobRunner({
  sql,
  credits,
  outbox,
  logger,
  handlers,
  failureText,
  replicaId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  leaseMs = 30_000,
  pollMs = 5_000,
  maxAttempts = 2,
  concurrency = 2,
  retentionMs = 7 * 24 * 60 * 60 * 1000,
}: JobRunnerOptions): JobRunner {
  const leaseInterval = `${leaseMs} milliseconds`;
  /** Jobs running here: their abort controllers (lease lost, stop). */
  const active = new Map<
    string,
    { controller: AbortController; done: Promise<void>; progress: () => number }
  >();
  /** Local listeners per job: every progress change and the final record. */
  const listeners = new Map<string, Set<(job: JobOutcome) => void>>();
  let reclaimed = 0;
  let stopping = false;

  const notify = (job: JobOutcome) => {
    for (const listener of listeners.get(job.id) ?? []) listener(job);
  };

  const failureOf = (handler: JobHandler | undefined, error: unknown) => {
    if (handler?.failureOf) return handler.failureOf(error);
    if (isAppError(error)) return { message: error.message, code: error.code };
    return { message: failureText, code: 'INTERNAL' };
  };

  /** Marks a job failed and releases its hold in one transaction; false when it is not ours (or not running). */
  async function fail(job: JobRecord, failure: { message: string; code: string }, guard: 'mine' | 'expired') {
    const rows = await sql.begin(async (tx) => {
      const updated =
        guard === 'mine'
          ? await tx<JobRow[]>`
              update jobs set status = 'failed', error = ${failure.message}, error_code = ${failure.code},
                locked_by = null, locked_until = null, updated_at = now(), finished_at = now()
              where id = ${job.id} and status = 'running' and locked_by = ${replicaId}
              returning *`
          : await tx<JobRow[]>`
              update jobs set status = 'failed', error = ${failure.message}, error_code = ${failure.code},
                locked_by = null, locked_until = null, updated_at = now(), finished_at = now()
              where id = ${job.id} and status = 'running' and locked_until < now()
              returning *`;
      if (updated.length > 0) await outbox.enqueue(tx, settlementMessage(credits, job.charge, 'released'));
      return updated;
    });
    const row = rows[0];
    if (!row) return undefined;
    outbox.trigger();
    const handler = handlers[job.tool];
    if (handler?.onFailed) {
      await handler
        .onFailed(job)
        .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'failed job not cleaned up'));
    }
    // The outbox makes the refund durable; asking credits now also learns the balance after it (same message id,
    // applied once).
    const remainingCredits = await settleCharge(credits, job.charge, 'released').catch(() => undefined);
    const outcome: JobOutcome = { ...recordOf(row), remainingCredits };
    notify(outcome);
    return outcome;
  }

  async function execute(job: JobRecord): Promise<void> {
    const handler = handlers[job.tool];
    const controller = new AbortController();
    let progress = job.progress;
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(
      () => {
        void sql`
          update jobs set locked_until = now() + ${leaseInterval}::interval, updated_at = now()
          where id = ${job.id} and locked_by = ${replicaId} and status = 'running'
          returning id`
          .then((rows) => {
            if (rows.length === 0) controller.abort(new LeaseLostError(job.id));
          })
          .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, 'job heartbeat failed'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const context: JobContext = {
      signal: controller.signal,
      progress(percent) {
        const value = Math.max(progress, Math.min(99, Math.round(percent)));
        if (value === progress) return;
        progress = value;
        notify({ ...job, progress: value });
        const now = Date.now();
        if (now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        writing = sql`
          update jobs set progress = ${value}, updated_at = now()
          where id = ${job.id} and locked_by = ${replicaId} and status = 'running'`.catch((error: unknown) =>
          logger.warn({ err: error, jobId: job.id }, 'job progress not saved'),
        );
      },
    };

    const run = (async () => {
      try {
        if (!handler) throw new Error(`no handler for job tool ${job.tool}`);
        const result = await handler.run(job, context);
        if (controller.signal.aborted) throw controller.signal.reason;
        await writing;
        const rows = await sql.begin(async (tx) => {
          const updated = await tx<JobRow[]>`
            update jobs set status = 'succeeded', progress = 100, result = ${tx.json(result as never)},
              locked_by = null, locked_until = null, updated_at = now(), finished_at = now()
            where id = ${job.id} and status = 'running' and locked_by = ${replicaId}
            returning *`;
          if (updated.length === 0) return updated;
          await handler.saveIn?.(tx, job, result);
          await outbox.enqueue(tx, settlementMessage(credits, job.charge, 'committed'));
          return updated;
        });
        const row = rows[0];
        if (!row) throw new LeaseLostError(job.id);
        outbox.trigger();
        notify(recordOf(row));
      } catch (error) {
        if (error instanceof LeaseLostError || (controller.signal.aborted && stopping)) {
          // Another replica has it (or will re-claim it after this one stops): it settles the charge.
          logger.warn({ jobId: job.id, err: error }, 'job left to another replica');
          return;
        }
        logger.warn({ err: error, jobId: job.id, tool: job.tool }, 'job failed; hold released');
        await fail(job, failureOf(handler, error), 'mine').catch((failError: unknown) =>
          logger.error({ err: failError, jobId: job.id }, 'failed job not recorded; its lease will run out'),
        );
      } finally {
        clearInterval(heartbeat);
      }
    })();
    const done = run.finally(() => active.delete(job.id));
    active.set(job.id, { controller, done, progress: () => progress });
    await done;
  }

  const claimOne = async (): Promise<JobRecord | undefined> => {
    const rows = await sql<JobRow[]>`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${replicaId},
        locked_until = now() + ${leaseInterval}::interval, updated_at = now()
      where id = (
        select id from jobs
        where (status = 'queued' or (status = 'running' and locked_until < now())) and attempts < ${maxAttempts}
        order by created_at
        limit 1
        for update skip locked)
      returning *`;
    return rows[0] ? recordOf(rows[0]) : undefined;
  };

  async function failExhausted(): Promise<void> {
    const rows = await sql<JobRow[]>`
      select * from jobs
      where status = 'running' and locked_until < now() and attempts >= ${maxAttempts}
      order by created_at
      limit 20`;
    for (const row of rows) {
      const failed = await fail(recordOf(row), { message: failureText, code: 'INTERNAL' }, 'expired');
      if (failed) logger.warn({ jobId: row.id }, 'job ran out of attempts; hold released');
    }
  }

  async function reclaimNow(): Promise<number> {
    if (stopping) return 0;
    await failExhausted();
    await sql`delete from jobs where finished_at < now() - ${`${retentionMs} milliseconds`}::interval`;
    let started = 0;
    while (reclaimed < concurrency && !stopping) {
      const job = await claimOne();
      if (!job) break;
      started += 1;
      reclaimed += 1;
      logger.info({ jobId: job.id, tool: job.tool, attempt: job.attempts }, 'job claimed');
      void execute(job).finally(() => {
        reclaimed -= 1;
      });
    }
    return started;
  }

  const poller = startPeriodicJob({
    name: 'jobs runner',
    intervalMs: pollMs,
    logger,
    run: async () => {
      await reclaimNow();
    },
  });

  async function get<Input, Result>(id: string): Promise<JobRecord<Input, Result> | undefined> {
    const rows = await sql<JobRow[]>`select * from jobs where id = ${id}`;
    return rows[0] ? recordOf<Input, Result>(rows[0]) : undefined;
  }

  return {
    async submit<Input>({ id = randomUUID(), owner, tool, input, charge }: SubmitInput<Input>) {
      if (!handlers[tool]) throw new Error(`no handler for job tool ${tool}`);
      const rows = await sql<JobRow[]>`
        insert into jobs (id, owner, tool, status, input, request_id, charge, attempts, locked_by, locked_until)
        values (${id}, ${owner}, ${tool}, 'running', ${sql.json(input as never)}, ${charge.requestId},
          ${sql.json(charge as never)}, 1, ${replicaId}, now() + ${leaseInterval}::interval)
        returning *`;
      const job = recordOf<Input, unknown>(rows[0] as JobRow);
      void execute(job);
      return job;
    },

    wait: <Input, Result>(id: string, options?: WaitOptions) =>
      waitForJob<Input, Result>(
        { listeners, get, pollMs, progressHere: (jobId) => active.get(jobId)?.progress() },
        id,
        options,
      ),

    get,

    async listActive(owner, tool) {
      const rows = await sql<JobRow[]>`
        select * from jobs
        where owner = ${owner} and status in ('queued', 'running')
          ${tool ? sql`and tool = ${tool}` : sql``}
        order by created_at desc
        limit 20`;
      return rows.map((row) => recordOf(row));
    },

    reclaimNow,
    running: () => active.size,

    async drain() {
      await Promise.all([...active.values()].map((job) => job.done));
      stopping = true;
      await poller.stop();
    },

    async stop() {
      stopping = true;
      await poller.stop();
      for (const job of active.values()) job.controller.abort(new Error('the jobs runner stopped'));
      await Promise.all([...active.values()].map((job) => job.done));
    },
  };
}
