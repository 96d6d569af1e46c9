// image's part of the member's data export, on a migrated database: the member's rows, never another member's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateImageDatabase } from '../db/migrate';
import { collectImageExport } from './member-export';

let db: TestDatabase;
let sql: Sql;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('image_export');
  sql = connectDatabase(db.url);
  await migrateImageDatabase(sql);
  for (const userId of [alice, bob]) {
    await sql`insert into text_to_images (id, user_id, positive_prompt, model_name, aspect_ratio, image_format, seed,
        width, height, image_key, thumbnail_key)
      values (${randomUUID()}, ${userId}, ${`prompt of ${userId}`}, 'm', '1:1', 'png', 1, 8, 8,
        ${`image/${userId}/a.png`}, ${`image/${userId}/a.thumb.webp`})`;
  }
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

it("collects the member's own data only", async () => {
  const part = await collectImageExport(sql, alice);
  expect(part.documents.map((document) => document.path)).toContain('images.json');
  expect(part.files).toEqual([
    { path: expect.stringMatching(/^images\/.+\.png$/), key: `image/${alice}/a.png` },
  ]);
  expect(JSON.stringify(part)).not.toContain(bob);
});
