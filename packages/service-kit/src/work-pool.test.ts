import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { createWorkPool, isWorkTimeout, WorkTimeoutError } from './work-pool';

/** A job that runs until released by hand or until its signal aborts (then it stops after `stopMs`). */
function controllableJob(stopMs = 0) {
  let finish: (value: string) => void = () => undefined;
  let aborted = false;
  const job = (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      finish = resolve;
      signal.addEventListener('abort', () => {
        aborted = true;
        setTimeout(() => reject(new Error('stopped')), stopMs);
      });
    });
  return { job, finish: (value = 'done') => finish(value), wasAborted: () => aborted };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('work pool', () => {
  it('refuses at once with a 503 when its queue is full, instead of waiting', async () => {
    const pool = createWorkPool({ size: 1, queueLimit: 1, perCallerLimit: 1, timeoutMs: 10_000 });
    const running = controllableJob();
    const first = pool.run('a', running.job);
    const queued = pool.run('b', async () => 'queued');
    expect(() => pool.admit('c')).toThrow(AppError);
    const started = Date.now();
    const refused = await pool.run('c', async () => 'never').catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(100);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    running.finish();
    expect(await first).toBe('done');
    expect(await queued).toBe('queued');
    expect(() => pool.admit('c')).not.toThrow();
  });

  it('runs one caller’s jobs one at a time, so another caller gets the free slot first', async () => {
    const pool = createWorkPool({ size: 2, queueLimit: 4, perCallerLimit: 1, timeoutMs: 10_000 });
    const heavy = controllableJob();
    const order: string[] = [];
    const first = pool.run('attacker', heavy.job);
    const second = pool.run('attacker', async () => {
      order.push('attacker 2');
      return 'a2';
    });
    const other = pool.run('member', async () => {
      order.push('member');
      return 'm';
    });
    expect(await other).toBe('m');
    expect(order).toEqual(['member']);
    expect(pool.load()).toEqual({ running: 1, queued: 1 });
    heavy.finish();
    await first;
    expect(await second).toBe('a2');
    expect(order).toEqual(['member', 'attacker 2']);
  });

  it('aborts a job past its budget, answers at once, and keeps the slot until the job has stopped', async () => {
    const pool = createWorkPool({ size: 1, queueLimit: 4, perCallerLimit: 1, timeoutMs: 50 });
    const slow = controllableJob(100);
    const started = Date.now();
    const error = await pool.run('a', slow.job).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkTimeoutError);
    expect(isWorkTimeout(new Error('wrapped', { cause: error }))).toBe(true);
    expect(Date.now() - started).toBeLessThan(100);
    expect(slow.wasAborted()).toBe(true);
    // Still tearing down: the next job waits for the slot rather than running next to it.
    expect(pool.load().running).toBe(1);
    const next = pool.run('b', async () => 'next');
    await tick();
    expect(pool.load()).toEqual({ running: 1, queued: 1 });
    expect(await next).toBe('next');
    expect(pool.load()).toEqual({ running: 0, queued: 0 });
  });
});
