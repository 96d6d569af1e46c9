// A deleted account's library index rows (docs/architecture.md#member-deletion), on real PostgreSQL: after deleteLibraryMember the
// member's rows are gone, another member's are untouched, and running it again changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateLibraryDatabase } from './db/migrate';
import { deleteLibraryMember } from './domain/member-deletion';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('library_member_deletion');
  sql = connectDatabase(database.url);
  await migrateLibraryDatabase(sql);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

async function memberWithData(): Promise<string> {
  const userId = randomUUID();
  await sql`insert into library_items (id, user_id, service, title) values (${randomUUID()}, ${userId}, 'prompt', 'A fox')`;
  return userId;
}

async function rowsOf(userId: string): Promise<number> {
  const [row] = await sql<Array<{ count: number }>>`
    select count(*)::int as count from library_items where user_id = ${userId}`;
  return row!.count;
}

describe('deleting a member’s library index rows', () => {
  it('removes the member’s rows and nothing of another member', async () => {
    const leaving = await memberWithData();
    const staying = await memberWithData();
    expect(await rowsOf(leaving)).toBe(1);

    await deleteLibraryMember({ sql }, leaving);
    expect(await rowsOf(leaving)).toBe(0);
    expect(await rowsOf(staying)).toBe(1);

    await deleteLibraryMember({ sql }, leaving);
    expect(await rowsOf(staying)).toBe(1);
  });
});
