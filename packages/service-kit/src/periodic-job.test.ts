import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { startPeriodicJob } from './periodic-job';

const logger = createLogger({ name: 'periodic-test', level: 'silent' });

describe('startPeriodicJob', () => {
  it('never runs twice at once and runs once more for a trigger that arrived mid-run', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const job = startPeriodicJob({
      name: 'test',
      intervalMs: 60_000,
      logger,
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        active -= 1;
      },
    });
    const first = job.runNow();
    job.trigger();
    job.trigger();
    await first;
    expect(maxActive).toBe(1);
    // The two triggers during the first run coalesce into one more run, not two.
    expect(runs).toBe(2);
    await job.stop();
  });

  it('survives a failing run and runs on its interval', async () => {
    let runs = 0;
    const job = startPeriodicJob({
      name: 'flaky',
      intervalMs: 10,
      logger,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('first run fails');
      },
    });
    await expect(job.runNow()).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBeGreaterThan(2);
    await job.stop();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(after);
  });
});
