// The kit's retry loop spreads its waits (jitter): each wait is the back-off step times a factor in [1, 2), capped,
// so processes that failed in the same outage do not retry in step. Waits are read from the timers p-retry sets
// (fake timers), with Math.random stubbed by a seeded generator.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryWhileDbUnavailable } from './db-retry';
import { retryWithJitter } from './retry-with-jitter';
import { silentLogger } from './testing';

/** A small seeded generator (mulberry32): the same seed gives the same "random" numbers. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Runs `run` to completion under fake timers and returns the waits it set, in order. */
async function waitsOf(run: () => Promise<unknown>): Promise<number[]> {
  const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
  const done = run().catch((error: unknown) => error);
  await vi.runAllTimersAsync();
  await done;
  const waits = setTimeoutSpy.mock.calls.map(([, ms]) => ms ?? 0);
  setTimeoutSpy.mockRestore();
  return waits;
}

/** An attempt that fails `failures` times, then succeeds. */
function failingTimes(failures: number, error: () => unknown = () => new Error('unavailable')) {
  let calls = 0;
  const attempt = async () => {
    calls += 1;
    if (calls <= failures) throw error();
    return 'done';
  };
  return { attempt, calls: () => calls };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryWithJitter', () => {
  it('waits each back-off step times a random factor between 1 and 2, never past the cap', async () => {
    vi.spyOn(Math, 'random').mockImplementation(seeded(7));
    const { attempt } = failingTimes(8);
    const waits = await waitsOf(() => retryWithJitter(attempt, { firstDelayMs: 100, maxDelayMs: 5_000 }));
    expect(waits).toHaveLength(8);
    waits.forEach((wait, i) => {
      const step = 100 * 2 ** i;
      expect(wait, `wait ${i + 1}`).toBeGreaterThanOrEqual(Math.min(step, 5_000));
      expect(wait, `wait ${i + 1}`).toBeLessThanOrEqual(Math.min(2 * step, 5_000));
    });
    // Not the bare doubling: the random factor moved the waits below the cap.
    expect(waits.slice(0, 5)).not.toEqual([100, 200, 400, 800, 1_600]);
  });

  it('gives two processes failing in the same outage different schedules', async () => {
    const schedule = async (seed: number) => {
      vi.spyOn(Math, 'random').mockImplementation(seeded(seed));
      const { attempt } = failingTimes(5);
      return waitsOf(() => retryWithJitter(attempt, { firstDelayMs: 1_000, maxDelayMs: 30_000 }));
    };
    const first = await schedule(1);
    const second = await schedule(2);
    expect(first).toHaveLength(5);
    expect(second).toHaveLength(5);
    expect(first).not.toEqual(second);
  });

  it('resolves with the result and rejects with what the attempt threw, unchanged, when not retried', async () => {
    const { attempt, calls } = failingTimes(2);
    const result = retryWithJitter(attempt, { firstDelayMs: 10, maxDelayMs: 100 });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('done');
    expect(calls()).toBe(3);

    // A TypeError and a thrown non-Error reach the caller as they were (p-retry alone would not retry a TypeError).
    const typeError = new TypeError('refused');
    const refused = failingTimes(5, () => typeError);
    await expect(
      retryWithJitter(refused.attempt, { firstDelayMs: 10, maxDelayMs: 100, retryIf: () => false }),
    ).rejects.toBe(typeError);
    expect(refused.calls()).toBe(1);
    const odd = failingTimes(1, () => 'not an error');
    const retried = retryWithJitter(odd.attempt, { firstDelayMs: 10, maxDelayMs: 100 });
    await vi.runAllTimersAsync();
    await expect(retried).resolves.toBe('done');
  });

  it('gives up with the last error once giveUpAfterMs has passed', async () => {
    const { attempt, calls } = failingTimes(1_000);
    const retries: number[] = [];
    const result = retryWithJitter(attempt, {
      firstDelayMs: 1_000,
      maxDelayMs: 1_000,
      giveUpAfterMs: 10_000,
      onRetry: (_error, n) => retries.push(n),
    }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toEqual(new Error('unavailable'));
    // Waits of 1 s (capped) from t = 0: attempts until 10 s have passed, then none.
    expect(calls()).toBeGreaterThanOrEqual(10);
    expect(calls()).toBeLessThanOrEqual(11);
    expect(retries).toHaveLength(calls() - 1);
  });
});

describe('retryWhileDbUnavailable', () => {
  const lostRace = () => Object.assign(new Error('could not serialize access'), { code: '40001' });

  it('retries a transient failure with jittered waits and gives up at once on any other', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { attempt } = failingTimes(2, lostRace);
    const options = { until: Date.now() + 60_000, logger: silentLogger(), what: 'test write' };
    const waits = await waitsOf(() => retryWhileDbUnavailable(attempt, options));
    // 100 ms then 200 ms, each times 1.5.
    expect(waits).toEqual([150, 300]);

    const refused = failingTimes(3, () => Object.assign(new Error('duplicate key'), { code: '23505' }));
    await expect(retryWhileDbUnavailable(refused.attempt, options)).rejects.toThrow('duplicate key');
    expect(refused.calls()).toBe(1);
  });
});
