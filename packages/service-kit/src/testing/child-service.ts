// Starts a workspace's real src/main.ts as a child process (dev-infra's starter, the same as `npm start` and the e2e
// launcher use), waits until it answers on `readyPath` of its ops listener and stops it with SIGTERM, as a
// deployment would. Tests run credits, a service's own main.ts or the gateway this way (services never import each
// other).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, startChild, waitUntilReady } from '@act/dev-infra/child';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const START_TIMEOUT_MS = 45_000;
const STOP_GRACE_MS = 10_000;

export interface ChildService {
  url: string;
  /** The ops listener (/healthz, /readyz, /metrics). */
  opsUrl: string;
  /** The service's own Node process (its memory is read from /proc/<pid>). */
  pid: number;
  /** The last lines the process wrote (for failure messages and log assertions). */
  output(): string;
  /** Sends a signal to the process (fault tests: SIGSTOP pauses it, SIGCONT resumes it). */
  signal(name: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ChildServiceOptions {
  /** Probe on the ops listener that answers 2xx once the process is ready (default /readyz). */
  readyPath?: string;
  /** Listen port (default: a free one). */
  port?: number;
  /** Lines of output kept for `output()` (default 5000: tests search a whole run's logs). */
  keepLines?: number;
  /** A compiled entry to run instead of src/main.ts through tsx, relative to the workspace (e.g. 'dist/main.js'). */
  entry?: string;
}

export interface LaunchedChildService extends ChildService {
  /** Resolves once the ops listener answers `readyPath`; rejects when the process exits first or in time. */
  ready: Promise<void>;
}

/**
 * Spawns `<workspace>/src/main.ts` (workspace relative to the repository, e.g. 'services/credits' or 'gateway'; or
 * the compiled `options.entry`) with only `env` plus PATH, HOME, HOST, PORT, OPS_PORT and LOG_LEVEL=info, so nothing
 * leaks in from the test process, and returns at once: its URLs are known before it listens (vitest's global set-up
 * hands them out without waiting).
 */
export async function launchChildService(
  workspace: string,
  env: Record<string, string>,
  options: ChildServiceOptions = {},
): Promise<LaunchedChildService> {
  const port = options.port ?? (await findFreePort());
  const opsPort = await findFreePort();
  const started = startChild(
    {
      name: workspace,
      cwd: path.join(REPO_ROOT, workspace),
      ...(options.entry ? { entry: options.entry } : {}),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        OPS_PORT: String(opsPort),
        LOG_LEVEL: 'info',
        ...env,
      },
    },
    { tailLines: options.keepLines ?? 5_000 },
  );
  const child = started.process;
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const opsUrl = `http://127.0.0.1:${opsPort}`;
  const ready = waitUntilReady(started, `${opsUrl}${options.readyPath ?? '/readyz'}`, {
    timeoutMs: START_TIMEOUT_MS,
    tailInError: true,
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });

  return {
    url: `http://127.0.0.1:${port}`,
    opsUrl,
    pid: child.pid!,
    ready,
    output: () => started.tail.join('\n'),
    signal(name) {
      child.kill(name);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** launchChildService, resolved once the child is ready. */
export async function startChildService(
  workspace: string,
  env: Record<string, string>,
  options: ChildServiceOptions = {},
): Promise<ChildService> {
  const { ready, ...service } = await launchChildService(workspace, env, options);
  await ready;
  return service;
}
