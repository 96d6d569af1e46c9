// `node dist/main.js migrate` (`tsx src/main.ts migrate` from source): a service's migrations as a step of their own,
// before its new pods start (docs/deploy.md#migrations). Needs only DATABASE_URL (and LOG_LEVEL): the step runs
// without the service's secrets. runMigrations holds a PostgreSQL advisory lock, so two runners at once (two pods'
// init containers) apply each file once; the process exits 0 when the database is up to date, 1 when a migration
// failed (the file's transaction rolled back, the ones before it stay applied).
import { z } from 'zod';
import { baseConfigSchema, databaseConfigFields, loadConfig, ConfigError } from './config';
import { connectDatabase, type Sql } from './database';
import { createLogger } from './logger';

/** The argument that makes a service's entry point run its migrations and exit instead of serving. */
export const MIGRATE_COMMAND = 'migrate';

const migrateConfigSchema = z.object({
  DATABASE_URL: databaseConfigFields.DATABASE_URL,
  LOG_LEVEL: baseConfigSchema.shape.LOG_LEVEL,
});

/** True when the process was started as `<entry> migrate`. */
export function isMigrateCommand(argv: readonly string[] = process.argv): boolean {
  return argv[2] === MIGRATE_COMMAND;
}

/** Applies the service's migrations once and returns what it applied (nothing when the database was up to date). */
export async function runMigrateCommand(
  name: string,
  migrate: ((sql: Sql) => Promise<string[]>) | undefined,
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  if (!migrate) {
    // A service without a database (prompt) has nothing to do: the step succeeds, so every image answers it alike.
    console.log(`${name}: no database, nothing to migrate`);
    return [];
  }
  const config = loadConfig(migrateConfigSchema, env);
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const sql = connectDatabase(config.DATABASE_URL, { max: 1 });
  try {
    const applied = await migrate(sql);
    logger.info({ applied }, applied.length > 0 ? 'database migrated' : 'database already up to date');
    return applied;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The entry point's migrate command: exit 0 once up to date, 1 (with the reason on stderr) when it failed. */
export function exitAfterMigrating(
  name: string,
  migrate: ((sql: Sql) => Promise<string[]>) | undefined,
): void {
  runMigrateCommand(name, migrate).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof ConfigError) console.error(`${name}: ${error.message}`);
      else console.error(`${name}: migration failed`, error);
      process.exit(1);
    },
  );
}
