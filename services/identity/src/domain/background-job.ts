// A small periodic job runner for the outbox relays and housekeeping: runs on an interval and on demand,
// never twice at once in one process, and logs (rather than crashes on) a failing run.
import type { Logger } from '@act/service-kit';

export interface BackgroundJob {
  /** Run soon (coalesced with a run already in progress or queued). */
  trigger(): void;
  /** Run now and wait for it (tests, shutdown flushes). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startBackgroundJob(options: {
  name: string;
  intervalMs: number;
  logger: Logger;
  run: () => Promise<void>;
}): BackgroundJob {
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
          await options.run();
        } while (again && !stopped);
      } catch (error) {
        options.logger.warn({ err: error, job: options.name }, 'background job failed; will retry');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  const timer = setInterval(() => void execute(), options.intervalMs);
  timer.unref();

  return {
    trigger() {
      if (!stopped) void execute();
    },
    runNow() {
      // A run already in progress may have read the data before our change; execute() then queues one more.
      return execute();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
