// Applies the voice database migrations: the service kit's outbox, jobs and creation backfill tables, then the SQL
// files beside this module.
import {
  CREATIONS_MIGRATIONS,
  JOBS_MIGRATIONS,
  OUTBOX_MIGRATIONS,
  runMigrations,
  type Sql,
} from '@act/service-kit';

export function migrateVoiceDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(
    sql,
    OUTBOX_MIGRATIONS,
    JOBS_MIGRATIONS,
    CREATIONS_MIGRATIONS,
    new URL('./migrations/', import.meta.url),
  );
}
