// A small pool for CPU-heavy local work (OCR, image analysis, local audio): at most `size` jobs run at once, at most
// `perCallerLimit` of them for one caller, and at most `queueLimit` wait. A full queue is refused at once with a 503
// instead of letting requests pile up behind work that may never finish. Every job gets a time budget: when it runs
// out, the job's AbortSignal fires and the job must really stop (terminate its worker, cancel its libvips pipeline);
// its slot stays taken until it has, so the pool never runs more than `size` jobs even while one is being torn down.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError } from './errors';

export interface WorkPoolOptions {
  /** How many jobs run at once: keep it below the cores the service may use. */
  size: number;
  /** How many jobs may wait for a slot; one more is refused at once with a 503. */
  queueLimit: number;
  /** How many jobs of one caller may run at once: one person cannot take every slot. */
  perCallerLimit: number;
  /** Budget of one job once it has started. */
  timeoutMs: number;
}

/** A job ran out of its time budget: it did real work, and was cancelled. */
export class WorkTimeoutError extends Error {
  constructor(readonly budgetMs: number) {
    super(`Local work ran out of its ${budgetMs} ms budget and was cancelled`);
    this.name = 'WorkTimeoutError';
  }
}

/** Whether `error` (or one of its causes) says that work ran to its time budget. */
export function isWorkTimeout(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth += 1) {
    if (e instanceof WorkTimeoutError) return true;
  }
  return false;
}

export type PoolJob<T> = (signal: AbortSignal) => Promise<T>;

export interface WorkPool {
  /** The budget of one job, for jobs that tell their own engines when to give up. */
  readonly timeoutMs: number;
  /**
   * Throws the 503 that run() would answer if `callerKey`'s job were queued now, so a caller can refuse before doing
   * anything costly first (reserving credits); run() still checks again.
   */
  admit(callerKey: string): void;
  /**
   * Runs `job` when a slot is free for `callerKey`. Rejects at once with a 503 AppError when the queue is full, and
   * with a WorkTimeoutError when the job outlives its budget (its signal is aborted at that moment).
   */
  run<T>(callerKey: string, job: PoolJob<T>): Promise<T>;
  /** Jobs running and waiting, for tests and metrics. */
  load(): { running: number; queued: number };
}

interface Waiting {
  callerKey: string;
  start: () => void;
}

export function createWorkPool({ size, queueLimit, perCallerLimit, timeoutMs }: WorkPoolOptions): WorkPool {
  let running = 0;
  const runningPerCaller = new Map<string, number>();
  const queue: Waiting[] = [];

  const mayStart = (callerKey: string) =>
    running < size && (runningPerCaller.get(callerKey) ?? 0) < perCallerLimit;

  const take = (callerKey: string) => {
    running += 1;
    runningPerCaller.set(callerKey, (runningPerCaller.get(callerKey) ?? 0) + 1);
  };

  const free = (callerKey: string) => {
    running -= 1;
    const left = (runningPerCaller.get(callerKey) ?? 1) - 1;
    if (left === 0) runningPerCaller.delete(callerKey);
    else runningPerCaller.set(callerKey, left);
    // First come, first served, skipping callers already at their limit (their jobs keep their place).
    for (let i = 0; i < queue.length && running < size;) {
      const next = queue[i]!;
      if (mayStart(next.callerKey)) {
        queue.splice(i, 1);
        next.start();
      } else {
        i += 1;
      }
    }
  };

  const execute = <T>(callerKey: string, job: PoolJob<T>): Promise<T> => {
    take(callerKey);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const work = Promise.resolve()
      .then(() => job(controller.signal))
      .finally(() => {
        clearTimeout(timer);
        free(callerKey);
      });
    const budget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new WorkTimeoutError(timeoutMs));
      }, timeoutMs);
    });
    // The caller hears of the timeout at once; the slot is freed only when the aborted job has really stopped.
    work.catch(() => undefined);
    return Promise.race([work, budget]);
  };

  const full = () =>
    new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
      headers: { 'Retry-After': '5' },
    });

  return {
    timeoutMs,
    admit(callerKey) {
      if (!mayStart(callerKey) && queue.length >= queueLimit) throw full();
    },
    run(callerKey, job) {
      // Nothing queued can start (free() starts whatever may), so a job that may start does not jump anyone.
      if (mayStart(callerKey)) return execute(callerKey, job);
      if (queue.length >= queueLimit) return Promise.reject(full());
      return new Promise((resolve, reject) => {
        queue.push({ callerKey, start: () => execute(callerKey, job).then(resolve, reject) });
      });
    },
    load: () => ({ running, queued: queue.length }),
  };
}
