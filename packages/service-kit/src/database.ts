// PostgreSQL access with postgres.js, and the SQL migration runner every service uses for its own database.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

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
 * (57P01-57P03) or out of resources (class 53: connections, memory, disk), never that the statement is wrong.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1-3])$/;
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
}

export function connectDatabase(url: string, { max = 10, idleTimeout = 30 }: DatabaseOptions = {}): Sql {
  return postgres(url, {
    max,
    idle_timeout: idleTimeout,
    connect_timeout: 10,
    // Migrations and checks print NOTICEs ("relation already exists, skipping"); they are not worth a log line.
    onnotice: () => undefined,
    transform: { undefined: null },
  });
}

const MIGRATION_FILE = /^(\d{3,})-[a-z0-9-]+\.sql$/;
// Any constant works; it only has to be the same for every replica of every service (databases are separate).
const MIGRATION_LOCK_KEY = 7_412_001;

/**
 * Applies `NNN-name.sql` files from each folder in `dirs`, folder by folder and in name order within one, each
 * once and in its own transaction, recorded in schema_migrations by file name. Shared folders from the service kit
 * (such as OUTBOX_MIGRATIONS) come first, so a service's own migrations may use their tables. An advisory lock makes
 * two replicas starting at once apply them one after the other.
 */
export async function runMigrations(sql: Sql, ...dirs: Array<URL | string>): Promise<string[]> {
  const folders = await Promise.all(
    dirs.map(async (dir) => {
      const path = typeof dir === 'string' ? dir : fileURLToPath(dir);
      const files = (await readdir(path)).filter((name) => MIGRATION_FILE.test(name)).sort();
      return { path, files };
    }),
  );
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
    await tx`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`;
    const done = new Set(
      (await tx<{ name: string }[]>`select name from schema_migrations`).map((row) => row.name),
    );
    for (const { path, files } of folders) {
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(`${path}/${file}`, 'utf8');
        await tx.unsafe(text);
        await tx`insert into schema_migrations (name) values (${file})`;
        done.add(file);
        applied.push(file);
      }
    }
  });
  return applied;
}
