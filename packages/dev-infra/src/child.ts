// Starting one `src/main.ts` child and waiting until it answers: the one implementation behind `npm start`, the e2e
// launcher and the services' tests (`@act/service-kit/testing` startChildService). Kept apart from system.ts so a
// test can import it without loading the embedded servers.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { isListeningReport, LAUNCHER_IPC_ENV, type ListeningReport } from '@act/contracts/server';
import { waitFor } from './net';

/** A child needs ports before it starts (it is told them, it does not pick them); waitFor polls a readiness check. */
export { findFreePort, waitFor } from './net';

export interface StartedChild {
  name: string;
  process: ChildProcess;
  /** The last lines it printed (stdout and stderr), to explain a failure. */
  tail: string[];
  /**
   * With `reportPorts`: settles with the ports the child bound, as it reports them once it listens (it binds free
   * ones when those it was given are taken); rejects when it exits first.
   */
  listening?: Promise<ListeningReport>;
}

/**
 * glibc's allocator settings every service process runs with, as the images set them (Dockerfile, the services'
 * stage): at most two malloc arenas, and freed memory above 128 KB handed back to the kernel. Without them a service
 * that decodes large images or audio (libvips under sharp, one arena per thread) keeps the freed native memory: four
 * 10 MB photos took the image service from 190 to 630 MB resident with 20 MB of JavaScript heap, and its upload
 * guard then refused every large body but one (docs/limits.md#native-memory).
 */
export const NATIVE_MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' } as const;

/**
 * Spawns `node --import tsx src/main.ts` in the spec's folder: one Node process per service, TypeScript loaded by
 * tsx, no build step. With `entry` (a compiled file such as dist/main.js, what the production image runs) it runs
 * `node --enable-source-maps <entry>` instead. Each output line goes to `onLine` and into the tail. With
 * `reportPorts` (the launchers) the child gets an IPC channel: it reports the ports it bound (`listening`), takes free
 * ones when its own are taken, and stops when this process dies (docs/operations.md).
 */
export function startChild(
  spec: { name: string; cwd: string; env: NodeJS.ProcessEnv; entry?: string },
  {
    onLine,
    tailLines = 40,
    reportPorts = false,
  }: { onLine?: (line: string) => void; tailLines?: number; reportPorts?: boolean } = {},
): StartedChild {
  // `--import tsx` resolves from the child's folder up to the root node_modules (npm workspaces hoist it).
  const args = spec.entry ? ['--enable-source-maps', spec.entry] : ['--import', 'tsx', 'src/main.ts'];
  const env = { ...NATIVE_MEMORY_ENV, ...spec.env };
  const child = spawn(process.execPath, args, {
    cwd: spec.cwd,
    env: reportPorts ? { ...env, [LAUNCHER_IPC_ENV]: '1' } : env,
    stdio: reportPorts ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const started: StartedChild = {
    name: spec.name,
    process: child,
    tail: [],
    ...(reportPorts ? { listening: listeningReport(spec.name, child) } : {}),
  };
  for (const stream of [started.process.stdout!, started.process.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      started.tail.push(line);
      if (started.tail.length > tailLines) started.tail.shift();
      onLine?.(line);
    });
  }
  return started;
}

function listeningReport(name: string, child: ChildProcess): Promise<ListeningReport> {
  const report = new Promise<ListeningReport>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isListeningReport(message) || message.pid !== child.pid) return;
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = () => {
      child.off('message', onMessage);
      reject(new Error(`${name} exited before it listened`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  // Awaited by the caller that waits for readiness; a child that dies before is reported there, not as unhandled.
  report.catch(() => undefined);
  return report;
}

interface ReadyOptions {
  timeoutMs?: number;
  tailInError?: boolean;
}

/**
 * Polls `url` until it answers 2xx from this child: an answer carrying another process's pid (a copy of the product
 * on the same port) does not count. Fails at once when the child exits first (with its tail when asked).
 */
export async function waitUntilReady(
  started: StartedChild,
  url: string,
  { timeoutMs = 120_000, tailInError = false }: ReadyOptions = {},
): Promise<void> {
  const { name, process: child } = started;
  await waitFor(
    `${name} at ${url}`,
    async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (!response.ok) {
        await response.body?.cancel();
        return false;
      }
      const answer = (await response.json().catch(() => ({}))) as { pid?: unknown };
      return answer.pid === undefined || answer.pid === child.pid;
    },
    {
      timeoutMs,
      intervalMs: 200,
      abort: () =>
        child.exitCode !== null || child.signalCode !== null
          ? new Error(
              `${name} exited before it was ready${tailInError ? `:\n${started.tail.join('\n')}` : ''}`,
            )
          : undefined,
    },
  );
}

/**
 * For a child started with `reportPorts`: waits for the ports it reports, then for its /readyz there (answered with
 * its own pid). Resolves with the ports it bound.
 */
export async function waitUntilBoundAndReady(
  started: StartedChild,
  options: ReadyOptions = {},
): Promise<ListeningReport> {
  const { listening, name, tail } = started;
  if (!listening) throw new Error(`${name} was not started with reportPorts`);
  const timeoutMs = options.timeoutMs ?? 120_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${name} to listen`)),
      timeoutMs,
    );
  });
  const bound = await Promise.race([listening, timedOut])
    .catch((error: unknown) => {
      throw options.tailInError && error instanceof Error
        ? new Error(`${error.message}:\n${tail.join('\n')}`)
        : error;
    })
    .finally(() => clearTimeout(timer));
  await waitUntilReady(started, `http://127.0.0.1:${bound.opsPort}/readyz`, options);
  return bound;
}
