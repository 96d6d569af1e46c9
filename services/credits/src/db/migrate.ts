// Applies the credits schema (db/migrations/NNN-name.sql) with the kit's runner.
import { runMigrations, type Sql } from '@act/service-kit';

export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export function migrateCreditsDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(sql, MIGRATIONS_DIR);
}
