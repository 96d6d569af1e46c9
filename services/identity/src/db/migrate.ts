// Applies the identity database migrations (SQL files beside this module).
import { runMigrations, type Sql } from '@act/service-kit';

export function migrateIdentityDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(sql, new URL('./migrations/', import.meta.url));
}
