// Applies the youtube database migrations: the service kit's outbox table and creation backfill table, then the SQL
// files beside this module.
import { CREATIONS_MIGRATIONS, OUTBOX_MIGRATIONS, runMigrations, type Sql } from '@act/service-kit';

export function migrateYoutubeDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(
    sql,
    OUTBOX_MIGRATIONS,
    CREATIONS_MIGRATIONS,
    new URL('./migrations/', import.meta.url),
  );
}
