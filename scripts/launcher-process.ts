// `npm start`'s launcher (scripts/launch.ts) run for real by a test: its own data folder, free gateway ports and its
// own embedded PostgreSQL, nats-server and S3 (the test's servers are not handed to it), its output kept line by line.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort, isProcessAlive, killPid } from '@act/dev-infra';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LauncherProcess {
  process: ChildProcess;
  dataDir: string;
  gateway: string;
  /** Every line it printed so far (stdout and stderr). */
  output: string[];
  exited: Promise<number | null>;
  /** Resolves once a line from `from` on matches; rejects when the launcher exits first or after `timeoutMs`. */
  lineMatching(pattern: RegExp, timeoutMs: number, from?: number): Promise<string>;
  /** The pids of its children as it records them (a service's or the gateway's). */
  childPids(): number[];
  /** The running child whose working folder is `folder` (relative to the repository: 'services/prompt'). */
  childIn(folder: string): number | undefined;
  /** SIGTERM (SIGKILL after 20 s), then its embedded servers should it have died without stopping them; removes its folder. */
  stop(): Promise<void>;
}

export async function spawnLauncher(env: NodeJS.ProcessEnv = {}): Promise<LauncherProcess> {
  // World-traversable, so the embedded PostgreSQL (the postgres user when running as root) can reach its folder.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'act-launch-'));
  fs.chmodSync(dataDir, 0o755);
  const gatewayPort = await findFreePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LAUNCH_DATA_DIR: dataDir,
    GATEWAY_PORT: String(gatewayPort),
    GATEWAY_OPS_PORT: String(await findFreePort()),
    LOG_LEVEL: 'warn',
    NO_COLOR: '1',
    ...env,
  };
  for (const name of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'S3_BUCKET', 'S3_ENDPOINT'])
    delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'launch.ts')], {
    cwd: repoRoot,
    env: childEnv,
    // The IPC channel, as start.mjs holds it: should this test process die, the launcher stops everything it started.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    output.push(...lines);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const childPids = () => {
    try {
      const recorded = JSON.parse(fs.readFileSync(path.join(dataDir, 'launcher-children.json'), 'utf8')) as {
        children: number[];
      };
      return recorded.children;
    } catch {
      return [];
    }
  };
  return {
    process: child,
    dataDir,
    gateway: `http://127.0.0.1:${gatewayPort}`,
    output,
    exited,
    lineMatching: (pattern, timeoutMs, from = 0) => lineMatching(child, output, pattern, timeoutMs, from),
    childPids,
    childIn: (folder) =>
      childPids().find((pid) => {
        try {
          return fs.readlinkSync(`/proc/${pid}/cwd`) === path.join(repoRoot, folder);
        } catch {
          return false;
        }
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      await stopEmbeddedServers(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first line from `from` on that matches; rejects when the launcher exits first or after `timeoutMs`. */
function lineMatching(
  child: ChildProcess,
  output: readonly string[],
  pattern: RegExp,
  timeoutMs: number,
  from: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const line = output.slice(from).find((candidate) => pattern.test(candidate));
      if (line) return resolve(line);
      if (child.exitCode !== null || child.signalCode !== null)
        return reject(new Error(`launcher exited; output:\n${output.join('\n')}`));
      if (Date.now() - started > timeoutMs)
        return reject(
          new Error(`no line matching ${pattern} in ${timeoutMs} ms; output:\n${output.join('\n')}`),
        );
      setTimeout(check, 100);
    };
    check();
  });
}

/** The embedded nats-server and PostgreSQL of a launcher that was killed (a stopped one has stopped them already). */
async function stopEmbeddedServers(dataDir: string): Promise<void> {
  const pidIn = (file: string) => {
    try {
      return Number(fs.readFileSync(path.join(dataDir, file), 'utf8').split('\n')[0]!.trim());
    } catch {
      return undefined;
    }
  };
  for (const [file, signal] of [
    ['nats/nats-server.pid', 'SIGTERM'],
    ['postgres/pgdata/postmaster.pid', 'SIGINT'],
  ] as const) {
    const pid = pidIn(file);
    if (pid && isProcessAlive(pid)) await killPid(pid, signal, 15_000);
  }
}
