// Keeps a child of `npm start` running: when one crashes (or is killed) it is started again after a back-off that
// doubles on each quick failure, and the launcher says so, instead of the whole product stopping for one process.
// Stopping the supervision stops the child and ends the restarts, so Ctrl+C still leaves nothing behind.
import { sleep, stopChild } from './processes';
import type { ListeningReport } from '@act/contracts/server';
import { startChild, waitUntilBoundAndReady, type StartedChild } from './child';
import type { ChildSpec } from './system';

/** One running incarnation of a supervised child. */
export interface Incarnation {
  /** Settles when this incarnation ends, with a short reason ('SIGKILL', 'code 1'). */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface BackoffOptions {
  /** Wait before the first restart. */
  initialMs: number;
  /** The longest wait between two restarts. */
  maxMs: number;
  /** A child that stayed up this long is healthy again: the next crash restarts after `initialMs`. */
  resetAfterMs: number;
}

export interface SuperviseOptions {
  log: (line: string) => void;
  backoff?: Partial<BackoffOptions>;
}

export interface Supervision {
  name: string;
  /** Settles when the first incarnation is ready (rejects if it could not start: a broken start is not retried). */
  started: Promise<void>;
  /** How many times the child was started again. */
  restarts(): number;
  /** Ends the supervision and stops the running incarnation (waiting for a restart in progress). */
  stop(): Promise<void>;
}

const duration = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(1)} s`);

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 };

/**
 * Runs `start` now and again whenever its incarnation exits while supervised. `start` resolves once the child is
 * ready (or rejects when it could not start; a failed restart counts as a crash and is retried after the back-off).
 */
export function supervise(
  name: string,
  start: () => Promise<Incarnation>,
  options: SuperviseOptions,
): Supervision {
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  let stopping = false;
  let current: Incarnation | undefined;
  let restarts = 0;
  let delayMs = backoff.initialMs;
  let loop: Promise<void> = Promise.resolve();
  let wake: (() => void) | undefined;

  const watch = (incarnation: Incarnation) => {
    const upSince = Date.now();
    loop = incarnation.exited.then(async (reason) => {
      if (stopping) return;
      current = undefined;
      if (Date.now() - upSince >= backoff.resetAfterMs) delayMs = backoff.initialMs;
      let why = `exited unexpectedly (${reason})`;
      for (;;) {
        options.log(`${name} ${why}; restarting in ${duration(delayMs)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          void sleep(delayMs).then(resolve);
        });
        wake = undefined;
        if (stopping) return;
        const waited = delayMs;
        delayMs = Math.min(backoff.maxMs, delayMs * 2);
        try {
          const next = await start();
          restarts += 1;
          if (stopping) {
            await next.stop();
            return;
          }
          current = next;
          options.log(`${name} is back (restart ${restarts}, after ${duration(waited)})`);
          watch(next);
          return;
        } catch (error) {
          why = `could not start again (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
        }
      }
    });
  };

  const started = start().then((first) => {
    if (stopping) {
      void first.stop();
      return;
    }
    current = first;
    watch(first);
  });

  return {
    name,
    started,
    restarts: () => restarts,
    async stop() {
      stopping = true;
      wake?.();
      await started.catch(() => undefined);
      // Stopping the running incarnation settles its `exited`, which the loop then ignores.
      await current?.stop();
      await loop;
    },
  };
}

/**
 * A `src/main.ts` child (a service or the gateway) as a supervised incarnation: started with an IPC channel, then
 * awaited until it reports the ports it bound and is ready there (child.ts waitUntilBoundAndReady).
 */
export async function startReadyChild(
  spec: ChildSpec,
  {
    onLine,
    onSpawn,
    readyTimeoutMs,
  }: {
    onLine?: (line: string) => void;
    onSpawn?: (child: StartedChild) => void;
    readyTimeoutMs?: number;
  } = {},
): Promise<Incarnation & { ports: ListeningReport }> {
  const child = startChild(spec, { onLine, reportPorts: true });
  onSpawn?.(child);
  const exited = new Promise<string>((resolve) =>
    child.process.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  let ports: ListeningReport;
  try {
    ports = await waitUntilBoundAndReady(child, { timeoutMs: readyTimeoutMs });
  } catch (error) {
    await stopChild(child.process, 'SIGKILL', 1_000);
    throw error;
  }
  return { exited, ports, stop: () => stopChild(child.process, 'SIGTERM', 10_000) };
}
