// Applies the service kit's outbox table (usage-notice events), then the credits schema (db/migrations/NNN-name.sql).
import { OUTBOX_MIGRATIONS, runMigrations, type Sql } from '@act/service-kit';

export const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export function migrateCreditsDatabase(sql: Sql): Promise<string[]> {
  return runMigrations(sql, OUTBOX_MIGRATIONS, MIGRATIONS_DIR);
}
