// A PostgreSQL of a test's own that the test may kill (SIGKILL, as an OOM kill or a crashed node would) and start
// again on the same port and data: the embedded server dev-infra runs for `npm start`, never the machine's shared
// one, which other tests and people use. The same helper serves outage tests that stop it gracefully (`halt`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabases,
  databaseUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from './embedded-postgres';
import { postgresAnswers } from './resolve-infra';

/** How long a restarted server may take to accept connections (crash recovery first). */
const RESTART_READY_MS = 60_000;

export interface KillablePostgres {
  /** Admin URL (database postgres); stays the same across kill and start. */
  adminUrl: string;
  /** Creates the database if needed and returns its URL. */
  database(name: string): Promise<string>;
  /** SIGKILLs the postmaster and waits until it is gone (its sessions die with it). */
  kill(): Promise<void>;
  /** Stops it as an outage would (fast shutdown: open connections are cut); resolves once it has exited. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections (crash recovery runs first). */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  remove(): Promise<void>;
}

export async function startKillablePostgres(prefix = 'kill'): Promise<KillablePostgres> {
  // World-traversable, so the embedded server (the postgres user when running as root) can reach its folder.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `act-${prefix}-pg-`));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'cluster');
  // Full durability: a SIGKILL must lose no committed transaction, as on a real server. With fsync and synchronous
  // commit off, a kill on an idle machine lost the tables a test had created seconds before.
  const start = () => startEmbeddedPostgres({ dataDir, durability: 'full' });
  let handle: EmbeddedPostgresHandle = await start();
  const postmasterPid = () =>
    Number(fs.readFileSync(path.join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    adminUrl: handle.url,
    async database(name) {
      await createDatabases(handle.url, [name]);
      return databaseUrl(handle.url, name);
    },
    async kill() {
      // The whole server dies at once, as in an OOM-killed pod or a crashed node. SIGKILL to the postmaster alone
      // would leave its backends running as orphans, holding the services' connections open until a query reaches
      // them 20 s later ("terminating connection due to unexpected postmaster exit"): a state no real crash leaves.
      const postmaster = postmasterPid();
      const backends = childrenOf(postmaster);
      process.kill(postmaster, 'SIGKILL');
      for (const pid of backends) killQuietly(pid);
      await handle.exited;
      while (backends.some(isAlive)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async halt() {
      await handle.stop();
    },
    async start() {
      handle = await start();
      // Started is not serving: after a kill the server runs crash recovery first and refuses connections meanwhile
      // ("the database system is starting up"). A test that goes on once this resolves finds it serving.
      const deadline = Date.now() + RESTART_READY_MS;
      while (!(await postgresAnswers(handle.url))) {
        if (Date.now() > deadline)
          throw new Error(
            `PostgreSQL did not accept connections within ${RESTART_READY_MS} ms of its restart`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async remove() {
      await handle.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces) start after the last ')': state, then the parent pid.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return children;
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone (it noticed its postmaster die).
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
