// Applies the prompt database migrations: the service kit's outbox table (charges and library events) and creation
// backfill table, then the SQL files beside this module (the members' stored results).
import { CREATIONS_MIGRATIONS, OUTBOX_MIGRATIONS, runMigrations, type Sql } from '@act/service-kit';

export function migratePromptDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(
    sql,
    OUTBOX_MIGRATIONS,
    CREATIONS_MIGRATIONS,
    new URL('./migrations/', import.meta.url),
  );
}
