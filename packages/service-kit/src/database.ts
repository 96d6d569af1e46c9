// PostgreSQL access with postgres.js, and the SQL migration runner every service uses for its own database.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { guardPool, POOL_ACQUIRE_TIMEOUT } from './database-pool';
import { traceQueries } from './postgres-spans';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;
/** The query surface shared by a pooled connection and a transaction, so query functions work inside or outside one. */
export type Db = postgres.ISql;

const UNIQUE_VIOLATION = '23505';

/** True for a unique-constraint violation, optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string } | null;
  return e?.code === UNIQUE_VIOLATION && (constraint === undefined || e.constraint_name === constraint);
}

/**
 * SQLSTATEs that say the server is unreachable for now (connection exceptions, class 08), going away or starting up
 * (57P01-57P03), out of resources (class 53: connections, memory, disk) or ended a session left idle inside a
 * transaction (25P03, idle_in_transaction_session_timeout), never that the statement is wrong.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1-3]|25P03)$/;
/** Socket errors on the way to PostgreSQL, and postgres.js's own codes for a connection that went away. */
const UNAVAILABLE_CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  // The kit's own: no connection of the pool was free in time (database-pool.ts).
  POOL_ACQUIRE_TIMEOUT,
]);

/**
 * True when a query failed because the database cannot be reached right now (down, restarting, failing over): a
 * passing state the caller should answer with 503 and Retry-After, not a bug worth a 500. Looks through `cause`
 * and an AggregateError's errors (a connect that tried several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

export interface DatabaseOptions {
  max?: number;
  /** Seconds an idle connection stays open. */
  idleTimeout?: number;
  /** How long a call may wait for a free connection before it fails with 503 (POOL_ACQUIRE_TIMEOUT). */
  acquireTimeoutMs?: number;
  /** PostgreSQL ends a session left idle inside a transaction this long (idle_in_transaction_session_timeout). */
  idleInTransactionMs?: number;
  /** Liveness fails once calls time out waiting and no call has got a connection for this long (database-pool.ts). */
  stuckAfterMs?: number;
}

/**
 * Defaults (docs/architecture.md#database-connections). A query takes milliseconds and a transaction a few of them,
 * so 10 s without a free connection is an overload or a wedge, and a transaction idle for 30 s (waiting on the app,
 * not on the database) is a bug holding a connection. 30 s with no connection handed out at all, while calls time
 * out, is stuck: a busy pool hands out one every few milliseconds.
 */
export const DATABASE_TIMEOUTS = {
  acquireTimeoutMs: 10_000,
  idleInTransactionMs: 30_000,
  stuckAfterMs: 30_000,
};

/** The longest wait between a pool connection's reconnect attempts, in seconds. */
const MAX_RECONNECT_WAIT_S = 1;

/**
 * A postgres.js pool behind the kit's guard: a query on the pool inside a transaction fails at once, a call waits at
 * most `acquireTimeoutMs` for a connection, and PostgreSQL ends sessions left idle in a transaction.
 */
export function connectDatabase(
  url: string,
  {
    max = 10,
    idleTimeout = 30,
    acquireTimeoutMs = DATABASE_TIMEOUTS.acquireTimeoutMs,
    idleInTransactionMs = DATABASE_TIMEOUTS.idleInTransactionMs,
    stuckAfterMs = DATABASE_TIMEOUTS.stuckAfterMs,
  }: DatabaseOptions = {},
): Sql {
  const pool = postgres(url, {
    max,
    idle_timeout: idleTimeout,
    connect_timeout: 10,
    // The driver waits between reconnect attempts by the failures of the whole pool (3^n / 100 s, up to 20 s): a
    // restart of a second or two fails enough attempts of ten connections to put each to sleep for 10 to 20 s, and
    // the service answers 503 that long after the database is back. Capped at 1 s (with the driver's jitter), the
    // pool reconnects within a second of the database's return, at most one attempt a second per connection.
    backoff: (retries: number) =>
      (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, MAX_RECONNECT_WAIT_S),
    // Sent at connect: the server, not the app, ends a transaction the app forgot (a wedge frees itself).
    connection: { idle_in_transaction_session_timeout: idleInTransactionMs },
    // Migrations and checks print NOTICEs ("relation already exists, skipping"); they are not worth a log line.
    onnotice: () => undefined,
    transform: { undefined: null },
  });
  // A span per query when traces are on (docs/operations.md#traces); nothing otherwise.
  traceQueries(pool);
  return guardPool(pool, { acquireTimeoutMs, stuckAfterMs });
}

const MIGRATION_FILE = /^(\d{3,})-[a-z0-9-]+\.sql$/;
// Any constant works; it only has to be the same for every replica of every service (databases are separate).
const MIGRATION_LOCK_KEY = 7_412_001;

interface MigrationFile {
  name: string;
  text: string;
  checksum: string;
}

/** sha256 of the file's text: an applied migration that is edited afterwards no longer matches its record. */
function checksumOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function readMigrationFolders(dirs: Array<URL | string>): Promise<MigrationFile[]> {
  const folders = await Promise.all(
    dirs.map(async (dir) => {
      const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
      const names = (await readdir(path)).filter((name) => MIGRATION_FILE.test(name)).sort();
      return Promise.all(
        names.map(async (name) => {
          const text = await readFile(`${path}/${name}`, 'utf8');
          return { name, text, checksum: checksumOf(text) };
        }),
      );
    }),
  );
  return folders.flat();
}

/** Thrown at start-up when a migration that was already applied has been edited since. */
export class MigrationChangedError extends Error {
  constructor(readonly file: string) {
    super(
      `migration ${file} was changed after it was applied to this database; ` +
        'restore its applied text and put the change in a new migration file',
    );
    this.name = 'MigrationChangedError';
  }
}

/**
 * Creates schema_migrations, or upgrades one written before checksums were recorded (adds the column and records
 * the current text of files already applied, trusting them once), then refuses to start when an applied file's text
 * no longer matches its checksum. Returns the names already applied.
 */
async function prepareMigrationTable(tx: TransactionSql, files: MigrationFile[]): Promise<Set<string>> {
  await tx`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now(),
    checksum text
  )`;
  await tx`alter table schema_migrations add column if not exists checksum text`;
  const rows = await tx<
    { name: string; checksum: string | null }[]
  >`select name, checksum from schema_migrations`;
  const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
  for (const file of files) {
    if (!recorded.has(file.name)) continue;
    const checksum = recorded.get(file.name);
    if (checksum === null) {
      await tx`update schema_migrations set checksum = ${file.checksum} where name = ${file.name}`;
    } else if (checksum !== file.checksum) {
      throw new MigrationChangedError(file.name);
    }
  }
  return new Set(recorded.keys());
}

/**
 * Applies `NNN-name.sql` files from each folder in `dirs`, folder by folder and in name order within one, each
 * once and in its own transaction (a failing file rolls back alone; the ones before it stay applied), recorded in
 * schema_migrations by file name with the sha256 of its text. An applied file whose text has changed stops start-up
 * (MigrationChangedError). Shared folders from the service kit (such as OUTBOX_MIGRATIONS) come first, so a
 * service's own migrations may use their tables. Every transaction takes the same advisory lock and re-reads the
 * record under it, so two replicas starting at once apply each file once, in order.
 */
export async function runMigrations(sql: Sql, ...dirs: Array<URL | string>): Promise<string[]> {
  const files = await readMigrationFolders(dirs);
  const done = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    return prepareMigrationTable(tx, files);
  });
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file.name)) continue;
    const appliedNow = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
      // Another replica may have applied it while this one waited for the lock (from the same text, or it stops).
      const [already] = await tx<{ checksum: string | null }[]>`
        select checksum from schema_migrations where name = ${file.name}`;
      if (already) {
        if (already.checksum !== null && already.checksum !== file.checksum)
          throw new MigrationChangedError(file.name);
        return false;
      }
      await tx.unsafe(file.text);
      await tx`insert into schema_migrations (name, checksum) values (${file.name}, ${file.checksum})`;
      return true;
    });
    done.add(file.name);
    if (appliedNow) applied.push(file.name);
  }
  return applied;
}
