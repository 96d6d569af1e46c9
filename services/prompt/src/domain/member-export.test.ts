// prompt's part of the member's data export, on a migrated database: the member's rows, never another member's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migratePromptDatabase } from '../db/migrate';
import { collectPromptExport } from './member-export';

let db: TestDatabase;
let sql: Sql;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('prompt_export');
  sql = connectDatabase(db.url);
  await migratePromptDatabase(sql);
  for (const userId of [alice, bob]) {
    await sql`insert into prompt_results (id, user_id, tool, input, result)
      values (${randomUUID()}, ${userId}, 'magic-enhance', 'a fox', ${`result of ${userId}`})`;
  }
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

it("collects the member's own data only", async () => {
  const part = await collectPromptExport(sql, alice);
  expect(part.documents.map((document) => document.path)).toContain('prompts/results.json');
  expect(JSON.stringify(part)).toContain(`result of ${alice}`);
  expect(JSON.stringify(part)).not.toContain(bob);
});
