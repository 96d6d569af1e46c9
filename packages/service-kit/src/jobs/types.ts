// The jobs runner's types (docs/architecture.md#voice-jobs): a job as stored and as its waiter sees it, what a
// tool's handler does, the runner's options and its interface; and the row as the database holds it.
import type { Db, Sql } from '../database';
import type { Logger } from '../logger';
import type { Outbox } from '../outbox';
import type { ChargeRef, CreditsClient } from '../charges';

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
export interface JobRow {
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

export function recordOf<Input, Result>(row: JobRow): JobRecord<Input, Result> {
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

export const isFinished = (status: JobStatus) => status === 'succeeded' || status === 'failed';
