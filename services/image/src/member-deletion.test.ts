// A deleted account's images (docs/architecture.md#member-deletion), on real PostgreSQL and S3: after
// deleteImageMember the member's records, boards and every stored file are gone, another member's are untouched, and
// running it again changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createObjectStore, objectStoreConfigFields, type ObjectStore } from '@act/service-kit/files';
import { createTestDatabase, makePng, testObjectStoreEnv, type TestDatabase } from '@act/service-kit/testing';
import { migrateImageDatabase } from './db/migrate';
import { deleteImageMember } from './domain/member-deletion';

let database: TestDatabase;
let sql: Sql;
let files: ObjectStore;

beforeAll(async () => {
  database = await createTestDatabase('image_member_deletion');
  sql = connectDatabase(database.url);
  await migrateImageDatabase(sql);
  files = createObjectStore(z.object(objectStoreConfigFields).parse(testObjectStoreEnv()), {
    service: 'image',
  });
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

/** A member with a generated image, an edited one and a board, their files stored. */
async function memberWithImages(): Promise<{ userId: string; keys: string[] }> {
  const userId = randomUUID();
  const png = await makePng({ width: 4, height: 4 });
  const stored = await Promise.all(
    ['', '.thumb', '.input'].map((suffix) =>
      files.put({ owner: userId, body: png, contentType: 'image/png', ext: 'png', suffix }),
    ),
  );
  const [image, thumb, original] = stored.map((object) => object.key) as [string, string, string];
  const imageId = randomUUID();
  await sql`insert into text_to_images (id, user_id, positive_prompt, model_name, aspect_ratio, image_format, seed,
    width, height, image_key, thumbnail_key)
    values (${imageId}, ${userId}, 'a fox', 'flux', '1:1', 'png', 1, 4, 4, ${image}, ${thumb})`;
  await sql`insert into generated_images (id, user_id, tool_id, positive_prompt, image_key, thumbnail_key,
    original_key, width, height)
    values (${randomUUID()}, ${userId}, 'cartoonify', '', ${image}, ${thumb}, ${original}, 4, 4)`;
  const boardId = randomUUID();
  await sql`insert into image_boards (id, user_id, name) values (${boardId}, ${userId}, 'Foxes')`;
  await sql`insert into image_board_items (board_id, text_to_image_id) values (${boardId}, ${imageId})`;
  return { userId, keys: [image, thumb, original] };
}

async function rowsOf(userId: string): Promise<number> {
  const [row] = await sql<Array<{ count: number }>>`
    select ((select count(*) from text_to_images where user_id = ${userId})
      + (select count(*) from generated_images where user_id = ${userId})
      + (select count(*) from image_boards where user_id = ${userId}))::int as count`;
  return row!.count;
}

const exists = (key: string) =>
  files.head(key).then(
    () => true,
    () => false,
  );

describe('deleting a member’s images', () => {
  it('removes the member’s records, boards and files and nothing of another member', async () => {
    const leaving = await memberWithImages();
    const staying = await memberWithImages();
    expect(await rowsOf(leaving.userId)).toBe(3);

    await deleteImageMember({ sql, files }, leaving.userId);
    expect(await rowsOf(leaving.userId)).toBe(0);
    for (const key of leaving.keys) expect(await exists(key)).toBe(false);
    expect(await rowsOf(staying.userId)).toBe(3);
    for (const key of staying.keys) expect(await exists(key)).toBe(true);

    await deleteImageMember({ sql, files }, leaving.userId);
    expect(await rowsOf(staying.userId)).toBe(3);
  });
});
