// The one periodic job runner for every service (outbox relays, sweepers, housekeeping): runs on an interval and on
// demand, never twice at once in one process, and logs (rather than crashes on) a failing run so the next one retries.
import type { Logger } from './logger';

export interface PeriodicJob {
  /** Run soon (coalesced with a run already in progress or queued). */
  trigger(): void;
  /** Run now and wait for it (tests, shutdown flushes). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  name: string;
  intervalMs: number;
  logger: Logger;
  run: () => Promise<void>;
}

export function startPeriodicJob({ name, intervalMs, logger, run }: PeriodicJobOptions): PeriodicJob {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const execute = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again && !stopped);
      } catch (error) {
        logger.warn({ err: error, job: name }, 'periodic job failed; will retry');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const timer = setInterval(() => void execute(), intervalMs);
  timer.unref();

  return {
    trigger() {
      if (!stopped) void execute();
    },
    runNow() {
      // A run already in progress may have read the data before the caller's change; execute() then queues one more.
      return execute();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
