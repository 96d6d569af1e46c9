// youtube's part of the member's data export, on a migrated database: the member's rows, never another member's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateYoutubeDatabase } from '../db/migrate';
import { collectYoutubeExport } from './member-export';

let db: TestDatabase;
let sql: Sql;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('youtube_export');
  sql = connectDatabase(db.url);
  await migrateYoutubeDatabase(sql);
  for (const userId of [alice, bob]) {
    const id = randomUUID();
    await sql`insert into summary_sessions (id, user_id, video_id, video_url, title, duration, source, summary, chapters)
      values (${id}, ${userId}, 'abc', 'https://youtu.be/abc', 'A video', '3:00', 'transcript',
        ${`summary of ${userId}`}, '[]'::jsonb)`;
    await sql`insert into summary_questions (id, session_id, question, answer, citations)
      values (${randomUUID()}, ${id}, 'Why?', 'Because.', '[]'::jsonb)`;
  }
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

it("collects the member's own data only", async () => {
  const part = await collectYoutubeExport(sql, alice);
  expect(part.documents.map((document) => document.path)).toContain('summaries.json');
  expect(JSON.stringify(part)).toContain(`summary of ${alice}`);
  expect(JSON.stringify(part)).toContain('Because.');
  expect(JSON.stringify(part)).not.toContain(bob);
});
