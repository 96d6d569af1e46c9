// Starting one `src/main.ts` child and waiting until it answers: the one implementation behind `npm start`, the e2e
// launcher and the services' tests (`@act/service-kit/testing` startChildService). Kept apart from system.ts so a
// test can import it without loading the embedded servers.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { waitFor } from './net';

/** A child needs ports before it starts (it is told them, it does not pick them); waitFor polls a readiness check. */
export { findFreePort, waitFor } from './net';

export interface StartedChild {
  name: string;
  process: ChildProcess;
  /** The last lines it printed (stdout and stderr), to explain a failure. */
  tail: string[];
}

/**
 * Spawns `node --import tsx src/main.ts` in the spec's folder: one Node process per service, TypeScript loaded by
 * tsx, no build step. With `entry` (a compiled file such as dist/main.js, what the production image runs) it runs
 * `node --enable-source-maps <entry>` instead. Each output line goes to `onLine` and into the tail.
 */
export function startChild(
  spec: { name: string; cwd: string; env: NodeJS.ProcessEnv; entry?: string },
  { onLine, tailLines = 40 }: { onLine?: (line: string) => void; tailLines?: number } = {},
): StartedChild {
  // `--import tsx` resolves from the child's folder up to the root node_modules (npm workspaces hoist it).
  const args = spec.entry ? ['--enable-source-maps', spec.entry] : ['--import', 'tsx', 'src/main.ts'];
  const started: StartedChild = {
    name: spec.name,
    process: spawn(process.execPath, args, {
      cwd: spec.cwd,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    tail: [],
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

/** Polls `url` until it answers 2xx; fails at once when the child exits first (with its tail when asked). */
export async function waitUntilReady(
  started: StartedChild,
  url: string,
  { timeoutMs = 120_000, tailInError = false }: { timeoutMs?: number; tailInError?: boolean } = {},
): Promise<void> {
  const { name, process: child } = started;
  await waitFor(
    `${name} at ${url}`,
    async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return response.ok;
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
