// Process bookkeeping for the embedded servers: data-folder ownership, stale-process clean-up, bounded stops and
// a last-resort kill when the Node process exits without stopping what it started.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `${dataDir} is in use by another running process (pid ${ownerPid}); stop it first or use another folder`,
    );
    this.name = 'DataDirBusyError';
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else (postgres runs as its own user under root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The executable name of a running process, or undefined when it is gone. */
export function processName(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    try {
      return (
        path.basename(execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }).trim()) ||
        undefined
      );
    } catch {
      return undefined;
    }
  }
}

/** Sends `signal`, waits up to `timeoutMs` for the pid to disappear, then SIGKILLs it. */
export async function killPid(pid: number, signal: NodeJS.Signals, timeoutMs = 10_000): Promise<void> {
  if (!isProcessAlive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        return;
      }
      await sleep(100);
      return;
    }
    await sleep(50);
  }
}

/** Stops a child we spawned: `signal` first, SIGKILL when it has not exited after `timeoutMs`. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  timeoutMs = 10_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const heldHere = new Set<string>();

/**
 * Marks `dataDir` as used by this Node process. A folder held by a live process is refused (two servers on one
 * data folder corrupt it); a folder left by a dead process is taken over. Returns the release function.
 */
export function claimDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const key = path.resolve(dataDir);
  // The pid file cannot tell two claims by this same process apart.
  if (heldHere.has(key)) throw new DataDirBusyError(dataDir, process.pid);
  const ownerFile = path.join(dataDir, 'owner.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(ownerFile, String(process.pid), { flag: 'wx' });
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        try {
          if (fs.readFileSync(ownerFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(ownerFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(ownerFile, 'utf8').trim());
      if (owner !== process.pid && isProcessAlive(owner)) throw new DataDirBusyError(dataDir, owner);
      fs.rmSync(ownerFile, { force: true });
    }
  }
  throw new Error(`Could not claim ${dataDir}`);
}

/** Keeps the last lines a server printed, to explain a failed start. */
export class OutputTail {
  private lines: string[] = [];
  constructor(private readonly max = 40) {}
  push(chunk: string | Buffer): void {
    for (const line of chunk.toString().split(/\r?\n/)) {
      if (!line.trim()) continue;
      this.lines.push(line);
      if (this.lines.length > this.max) this.lines.shift();
    }
  }
  toString(): string {
    return this.lines.join('\n');
  }
}

const exitKills = new Set<() => void>();
let exitHookInstalled = false;

/**
 * Registers a synchronous kill run if this Node process exits while the server still runs (a crash, or a test
 * runner that exits without teardown), so no orphan server keeps its port and data folder. Returns the unregister.
 */
export function killOnExit(kill: () => void): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const fn of exitKills) {
        try {
          fn();
        } catch {
          // Best effort while exiting.
        }
      }
    });
  }
  exitKills.add(kill);
  return () => exitKills.delete(kill);
}

/** Removes `<parent>/<prefix><pid>` folders whose pid is no longer running (throw-away dirs of killed runs). */
export function removeDeadRunDirs(parent: string, prefix: string): void {
  let entries: string[];
  try {
    entries = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number(entry.slice(prefix.length));
    if (Number.isInteger(pid) && !isProcessAlive(pid))
      fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
}
