// Applies the library database migrations: the SQL files beside this module (the library publishes nothing, so it
// keeps no outbox).
import { runMigrations, type Sql } from '@act/service-kit';

export function migrateLibraryDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(sql, new URL('./migrations/', import.meta.url));
}
