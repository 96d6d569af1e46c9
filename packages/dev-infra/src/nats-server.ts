// Local NATS with JetStream for `npm start` and tests: the `nats-server` binary found on PATH, on a free port,
// its streams stored under the given data folder, optionally with one user per service (see nats-auth.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { renderNatsAuthorization, type NatsUser } from './nats-auth';
import { findFreePort, probeTcp, waitFor } from './net';
import {
  claimDataDir,
  isProcessAlive,
  killOnExit,
  killPid,
  OutputTail,
  processName,
  stopChild,
} from './processes';

export interface NatsServerOptions {
  /** JetStream storage folder (created when missing). */
  dataDir: string;
  /** Default: a free port. */
  port?: number;
  /** Path of the nats-server binary. Default: NATS_SERVER_BIN, else `nats-server` on PATH (and the sbin folders). */
  binary?: string;
  /** Users with subject permissions; without them anyone connecting may do anything. */
  users?: readonly NatsUser[];
  onLog?: (line: string) => void;
}

export interface NatsServerHandle {
  url: string;
  port: number;
  /** Settles when the server process ends, however it ends, with a short reason ('SIGKILL', 'code 1'). */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export const NATS_INSTALL_HINT =
  'nats-server was not found on PATH. Install it (Debian/Ubuntu: `apt-get install nats-server`; ' +
  'other systems: the release binary from the NATS project, or `go install github.com/nats-io/nats-server/v2@latest`), ' +
  'or set NATS_URL to a running NATS server with JetStream enabled.';

export async function startNats(options: NatsServerOptions): Promise<NatsServerHandle> {
  const binary = options.binary ?? findNatsServer();
  if (!binary || !isExecutable(binary)) throw new Error(NATS_INSTALL_HINT);

  const dataDir = path.resolve(options.dataDir);
  const release = claimDataDir(dataDir);
  const pidFile = path.join(dataDir, 'nats-server.pid');
  try {
    await stopStaleServer(pidFile);
    const port = options.port ?? (await findFreePort());
    const tail = new OutputTail();
    const configArgs: string[] = [];
    if (options.users?.length) {
      // Holds the passwords: readable by this user only, rewritten at every start.
      const configFile = path.join(dataDir, 'nats-auth.conf');
      fs.rmSync(configFile, { force: true });
      fs.writeFileSync(configFile, renderNatsAuthorization(options.users), { mode: 0o600 });
      configArgs.push('-c', configFile);
    }
    const child = spawn(
      binary,
      [
        ...configArgs,
        ...['-a', '127.0.0.1', '-p', String(port), '-n', 'act-local', '-js', '-sd', dataDir, '-P', pidFile],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const onOutput = (chunk: Buffer) => {
      tail.push(chunk);
      for (const line of chunk.toString().split('\n')) if (line.trim()) options.onLog?.(line);
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    let spawnError: Error | undefined;
    child.once('error', (error) => (spawnError = error));
    const unregister = killOnExit(() => child.kill('SIGTERM'));

    try {
      // Ready means: accepts TCP and greets with the NATS INFO line.
      await waitFor(
        `nats-server on port ${port}`,
        async () =>
          (await probeTcp('127.0.0.1', port, { timeoutMs: 500, greetingMs: 500 })).startsWith('INFO'),
        {
          timeoutMs: 15_000,
          abort: () =>
            spawnError ??
            (child.exitCode !== null
              ? new Error(`nats-server exited with code ${child.exitCode}`)
              : undefined),
        },
      );
    } catch (error) {
      await stopChild(child, 'SIGKILL', 1_000);
      unregister();
      throw new Error(`${(error as Error).message}\n${tail}`, { cause: error });
    }

    let stopped = false;
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => {
        // A server that died on its own no longer holds its folder: a supervisor may start it again at once.
        unregister();
        if (!stopped) release();
        resolve(signal ?? `code ${code}`);
      }),
    );
    return {
      url: `nats://127.0.0.1:${port}`,
      port,
      exited,
      async stop() {
        if (stopped) return;
        stopped = true;
        await stopChild(child, 'SIGTERM', 10_000);
        unregister();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Where a nats-server binary is, or undefined. Debian installs it in /usr/sbin, often absent from a user's PATH. */
export function findNatsServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NATS_SERVER_BIN) return env.NATS_SERVER_BIN;
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, 'nats-server');
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

async function stopStaleServer(pidFile: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  if (isProcessAlive(pid) && processName(pid) === 'nats-server') await killPid(pid, 'SIGTERM', 10_000);
  fs.rmSync(pidFile, { force: true });
}
