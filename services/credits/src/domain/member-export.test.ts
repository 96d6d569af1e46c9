// credits's part of the member's data export, on a migrated database: the member's rows, never another member's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateCreditsDatabase } from '../db/migrate';
import { collectCreditsExport } from './member-export';

let db: TestDatabase;
let sql: Sql;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('credits_export');
  sql = connectDatabase(db.url);
  await migrateCreditsDatabase(sql);
  for (const userId of [alice, bob]) {
    await sql`insert into accounts (user_id, credits, last_credit_reset, next_credit_reset, created_at, updated_at)
      values (${userId}, 7, now(), now() + interval '30 days', now(), now())`;
    await sql`insert into ledger (user_id, delta, reason, idempotency_key, at)
      values (${userId}, 5, 'grant', ${`grant-${userId}`}, now())`;
  }
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

it("collects the member's own data only", async () => {
  const part = await collectCreditsExport(sql, alice);
  expect(part.documents.map((document) => document.path)).toContain('credits/ledger.json');
  expect(JSON.stringify(part)).toContain('"delta":5');
  expect(JSON.stringify(part)).not.toContain(bob);
});
