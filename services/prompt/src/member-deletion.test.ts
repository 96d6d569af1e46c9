// A deleted account's stored prompt results (docs/architecture.md#member-deletion), on real PostgreSQL: after deletePromptMember the
// member's rows are gone, another member's are untouched, and running it again changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migratePromptDatabase } from './db/migrate';
import { deletePromptMember } from './domain/member-deletion';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('prompt_member_deletion');
  sql = connectDatabase(database.url);
  await migratePromptDatabase(sql);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

async function memberWithData(): Promise<string> {
  const userId = randomUUID();
  await sql`insert into prompt_results (id, user_id, tool, input, result) values (${randomUUID()}, ${userId}, 'magic-enhance', 'a fox', 'A red fox at dawn')`;
  return userId;
}

async function rowsOf(userId: string): Promise<number> {
  const [row] = await sql<Array<{ count: number }>>`
    select count(*)::int as count from prompt_results where user_id = ${userId}`;
  return row!.count;
}

describe('deleting a member’s stored prompt results', () => {
  it('removes the member’s rows and nothing of another member', async () => {
    const leaving = await memberWithData();
    const staying = await memberWithData();
    expect(await rowsOf(leaving)).toBe(1);

    await deletePromptMember({ sql }, leaving);
    expect(await rowsOf(leaving)).toBe(0);
    expect(await rowsOf(staying)).toBe(1);

    await deletePromptMember({ sql }, leaving);
    expect(await rowsOf(staying)).toBe(1);
  });
});
