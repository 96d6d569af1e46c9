// Applies the image database migrations: the service kit's outbox and creation backfill tables, then the SQL files beside this module.
import { CREATIONS_MIGRATIONS, OUTBOX_MIGRATIONS, runMigrations, type Sql } from '@act/service-kit';

export function migrateImageDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(
    sql,
    OUTBOX_MIGRATIONS,
    CREATIONS_MIGRATIONS,
    new URL('./migrations/', import.meta.url),
  );
}
