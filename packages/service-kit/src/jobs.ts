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
import { settleCharge, settlementMessage, type ChargeRef, type CreditsClient } from './charges';
import type { Db, Sql } from './database';
import { isAppError } from './errors';
import type { Logger } from './logger';
import type { Outbox } from './outbox';
import { startPeriodicJob } from './periodic-job';

/** The kit's migration folder with the jobs table; pass it to runMigrations before the service's own folder. */
export const JOBS_MIGRATIONS = new URL('../migrations/jobs/', import.meta.url);

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobRecord<Input = unknown, Result = unknown> {
  id: string;
  owner: string;
  tool: string;
  status: JobStatus;
  progress: number;
  input: Input;
  result: Result | null;
  error: string | null;
  errorCode: string | null;
  charge: ChargeRef;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** A finished job as its waiter sees it: on a failure run here, the balance after the refund when credits said. */
export type JobOutcome<Input = unknown, Result = unknown> = JobRecord<Input, Result> & {
  remainingCredits?: number | null;
};

export interface JobContext {
  /** Aborts when the job must stop: its lease went to another replica, or the runner is stopping for good. */
  signal: AbortSignal;
  /** Reports progress, 0-100 (rounded, never going back). */
  progress(percent: number): void;
}

export interface JobHandler<Input = unknown, Result = unknown> {
  /** Does the work from the stored input; throws to fail the job (nothing charged). */
  run(job: JobRecord<Input, Result>, context: JobContext): Promise<Result>;
  /** Writes the result's own records inside the transaction that marks the job succeeded and commits the charge. */
  saveIn?(tx: Db, job: JobRecord<Input, Result>, result: Result): Promise<void>;
  /** The text and code stored for a failure (default: the AppError's, else `failureText`). */
  failureOf?(error: unknown): { message: string; code: string };
  /** Cleans up after a job that failed for good (e.g. deletes its stored upload); errors are only logged. */
  onFailed?(job: JobRecord<Input, Result>): Promise<void>;
}

export interface JobRunnerOptions {
  sql: Sql;
  credits: CreditsClient;
  outbox: Outbox;
  logger: Logger;
  // Each tool's handler has its own input and result types; the runner only stores them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handlers: Readonly<Record<string, JobHandler<any, any>>>;
  /** Text stored for a failure that is not an AppError, and for a job that ran out of attempts. */
  failureText: string;
  /** Names this replica in locked_by. */
  replicaId?: string;
  /** How long a claim lasts without a heartbeat; a dead replica's job is re-claimed after it. */
  leaseMs?: number;
  /** How often the runner looks for queued or abandoned jobs (and waiters poll jobs running elsewhere). */
  pollMs?: number;
  /** Runs of one job (first run and re-claims); after the last one a job whose lease runs out fails. */
  maxAttempts?: number;
  /** Re-claimed jobs this replica runs at once (jobs it accepted itself always run here). */
  concurrency?: number;
  /** Finished jobs are deleted this long after they finished (their results live in the service's own tables). */
  retentionMs?: number;
}

export interface SubmitInput<Input> {
  id?: string;
  owner: string;
  tool: string;
  input: Input;
  charge: ChargeRef;
}

export interface WaitOptions {
  /** Every progress change, here or (polled) elsewhere. */
  onProgress?: (percent: number) => void;
  /** Stops waiting (the job itself goes on). */
  signal?: AbortSignal;
}

export interface JobRunner {
  /** Stores a job and runs it on this replica; returns the stored row (status running). */
  submit<Input>(job: SubmitInput<Input>): Promise<JobRecord<Input>>;
  /** Resolves with the job once it succeeded or failed, wherever it runs. */
  wait<Input, Result>(id: string, options?: WaitOptions): Promise<JobOutcome<Input, Result>>;
  get<Input, Result>(id: string): Promise<JobRecord<Input, Result> | undefined>;
  /** The owner's queued and running jobs, newest first, optionally of one tool. */
  listActive(owner: string, tool?: string): Promise<JobRecord[]>;
  /** Claims and runs queued or abandoned jobs now (also done every pollMs); resolves with how many it started. */
  reclaimNow(): Promise<number>;
  /** Jobs running on this replica. */
  running(): number;
  /** Waits for the jobs running here to finish (shutdown drain), then stops polling. */
  drain(): Promise<void>;
  /** Stops now: running jobs are aborted and left for another replica to re-claim. */
  stop(): Promise<void>;
}

interface JobRow {
  id: string;
  owner: string;
  tool: string;
  status: JobStatus;
  progress: number;
  input: unknown;
  result: unknown;
  error: string | null;
  error_code: string | null;
  charge: ChargeRef;
  attempts: number;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

function recordOf<Input, Result>(row: JobRow): JobRecord<Input, Result> {
  return {
    id: row.id,
    owner: row.owner,
    tool: row.tool,
    status: row.status,
    progress: row.progress,
    input: row.input as Input,
    result: (row.result ?? null) as Result | null,
    error: row.error,
    errorCode: row.error_code,
    charge: row.charge,
    attempts: row.attempts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

const isFinished = (status: JobStatus) => status === 'succeeded' || status === 'failed';

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

    wait<Input, Result>(id: string, { onProgress, signal }: WaitOptions = {}) {
      return new Promise<JobOutcome<Input, Result>>((resolve, reject) => {
        let last = -1;
        let settled = false;
        const finish = (job: JobOutcome) => {
          if (settled) return;
          settled = true;
          cleanup();
          resolve(job as JobOutcome<Input, Result>);
        };
        const progressed = (percent: number) => {
          if (percent === last) return;
          last = percent;
          onProgress?.(percent);
        };
        const seen = (job: JobOutcome) => {
          if (isFinished(job.status)) finish(job);
          else progressed(job.progress);
        };
        const set = listeners.get(id) ?? new Set();
        set.add(seen);
        listeners.set(id, set);
        // The job may run on another replica (re-claimed): read its row now and then.
        const poll = setInterval(() => {
          get(id)
            .then((job) => job && !active.has(id) && seen(job))
            .catch(() => undefined);
        }, pollMs);
        poll.unref();
        const onAbort = () => {
          if (settled) return;
          settled = true;
          cleanup();
          reject(signal?.reason);
        };
        function cleanup() {
          clearInterval(poll);
          set.delete(seen);
          if (set.size === 0) listeners.delete(id);
          signal?.removeEventListener('abort', onAbort);
        }
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        // Progress reported before we listened (the job runs here), then whatever the row says.
        const here = active.get(id);
        if (here) progressed(here.progress());
        get(id)
          .then((job) => {
            if (!job) {
              settled = true;
              cleanup();
              reject(new Error(`job ${id} does not exist`));
            } else if (isFinished(job.status)) seen(job);
          })
          .catch(() => undefined);
      });
    },

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
