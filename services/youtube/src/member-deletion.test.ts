// A deleted account's video summaries and their questions (docs/architecture.md#member-deletion), on real PostgreSQL: after deleteYoutubeMember the
// member's rows are gone, another member's are untouched, and running it again changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateYoutubeDatabase } from './db/migrate';
import { deleteYoutubeMember } from './domain/member-deletion';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('youtube_member_deletion');
  sql = connectDatabase(database.url);
  await migrateYoutubeDatabase(sql);
});

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

async function memberWithData(): Promise<string> {
  const userId = randomUUID();
  const id = randomUUID();
  await sql`insert into summary_sessions (id, user_id, video_id, video_url, title, duration, source, summary, chapters)
    values (${id}, ${userId}, 'abc', 'https://youtu.be/abc', 'A video', '1:00', 'description', 'About foxes', '{}'::jsonb)`;
  await sql`insert into summary_questions (id, session_id, question, answer, citations)
    values (${randomUUID()}, ${id}, 'Why?', 'Because.', '[]'::jsonb)`;
  return userId;
}

async function rowsOf(userId: string): Promise<number> {
  const [row] = await sql<Array<{ count: number }>>`
    select count(*)::int as count from summary_sessions where user_id = ${userId}`;
  return row!.count;
}

describe('deleting a member’s video summaries and their questions', () => {
  it('removes the member’s rows and nothing of another member', async () => {
    const leaving = await memberWithData();
    const staying = await memberWithData();
    expect(await rowsOf(leaving)).toBe(1);

    await deleteYoutubeMember({ sql }, leaving);
    expect(await rowsOf(leaving)).toBe(0);
    expect(await rowsOf(staying)).toBe(1);

    await deleteYoutubeMember({ sql }, leaving);
    expect(await rowsOf(staying)).toBe(1);
  });
});
