// voice's part of the member's data export, on a migrated database: the member's rows, never another member's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateVoiceDatabase } from '../db/migrate';
import { collectVoiceExport } from './member-export';

let db: TestDatabase;
let sql: Sql;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('voice_export');
  sql = connectDatabase(db.url);
  await migrateVoiceDatabase(sql);
  for (const userId of [alice, bob]) {
    await sql`insert into audio_clips (id, user_id, tool, job_id, audio_key, text, engine)
      values (${randomUUID()}, ${userId}, 'text-to-speech', ${randomUUID()}, ${`voice/${userId}/a.mp3`},
        ${`clip of ${userId}`}, 'local')`;
  }
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

it("collects the member's own data only", async () => {
  const part = await collectVoiceExport(sql, alice);
  expect(part.documents.map((document) => document.path)).toContain('audio.json');
  expect(part.files).toEqual([
    { path: expect.stringMatching(/^audio\/.+\.mp3$/), key: `voice/${alice}/a.mp3` },
  ]);
  expect(JSON.stringify(part)).not.toContain(bob);
});
