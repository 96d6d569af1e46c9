// Applies the youtube database migrations: the service kit's outbox table, then the SQL files beside this module.
import { OUTBOX_MIGRATIONS, runMigrations, type Sql } from '@act/service-kit';

export function migrateYoutubeDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(sql, OUTBOX_MIGRATIONS, new URL('./migrations/', import.meta.url));
}
