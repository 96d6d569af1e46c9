// The pid file of a process that starts children (`npm start`'s launcher, `npm run bench`): it lists their pids, so
// when that process dies without stopping them (SIGKILL, a crash past its clean-up) its next start stops them before
// they hold ports or answer calls meant for the new ones.
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive, killPid, processName } from './processes';

interface Recorded {
  owner: number;
  children: number[];
}

export interface ChildPidFile {
  /** Records (or, with a new pid, replaces) the pid of the child called `name`, and rewrites the file. */
  set(name: string, pid: number): void;
  /** Forgets a child that stopped. */
  delete(name: string): void;
  /** The recorded pids. */
  pids(): number[];
  /** Removes the file (a clean stop). */
  remove(): void;
}

export function childPidFile(file: string): ChildPidFile {
  const pids = new Map<string, number>();
  const write = () =>
    fs.writeFileSync(
      file,
      JSON.stringify({ owner: process.pid, children: [...pids.values()] } satisfies Recorded),
    );
  return {
    set(name, pid) {
      pids.set(name, pid);
      write();
    },
    delete(name) {
      if (pids.delete(name)) write();
    },
    pids: () => [...pids.values()],
    remove: () => fs.rmSync(file, { force: true }),
  };
}

/**
 * Stops the children a previous owner of `file` recorded and left running, then removes the file. Only a process
 * still running from `root` with one of `names` (a recycled pid is someone else's); throws when that owner still runs.
 */
/**
 * The file name of the program a process runs. Not its `comm`: Node 24 names its main thread `MainThread`, so a
 * check of `comm` against `node` passed over every child left by a launcher on the Node the repository runs.
 */
function executableName(pid: number): string | undefined {
  try {
    return path.basename(fs.readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return processName(pid);
  }
}

export async function stopRecordedChildren(
  file: string,
  options: { root: string; names?: readonly string[]; ownerLabel: string; log: (line: string) => void },
): Promise<void> {
  let recorded: Recorded & { launcher?: number };
  try {
    recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof recorded;
  } catch {
    return;
  }
  // `launcher`: the key of files written before the launcher and the bench shared this module.
  const owner = recorded.owner ?? recorded.launcher;
  if (owner !== process.pid && isProcessAlive(owner)) {
    throw new Error(
      `another ${options.ownerLabel} (pid ${owner}) is running from this folder; stop it first`,
    );
  }
  const names = options.names ?? ['node'];
  for (const pid of recorded.children) {
    let cwd: string;
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue;
    }
    const name = executableName(pid);
    const inRoot = !path.relative(options.root, cwd).startsWith('..');
    if (!inRoot || !name || !names.includes(name)) continue;
    options.log(
      `stopping ${path.relative(options.root, cwd) || '.'} ${name} (pid ${pid}) left by a previous run`,
    );
    await killPid(pid, 'SIGTERM', 10_000);
  }
  fs.rmSync(file, { force: true });
}
