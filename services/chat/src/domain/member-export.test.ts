// chat's part of the member's data export, on a migrated database: the member's rows, never another member's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Sql } from '@act/service-kit';
import { createTestDatabase, type TestDatabase } from '@act/service-kit/testing';
import { migrateChatDatabase } from '../db/migrate';
import { collectChatExport } from './member-export';

let db: TestDatabase;
let sql: Sql;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase('chat_export');
  sql = connectDatabase(db.url);
  await migrateChatDatabase(sql);
  for (const userId of [alice, bob]) {
    const session = randomUUID();
    await sql`insert into chat_sessions (id, user_id, kind, title) values (${session}, ${userId}, 'playground', 'Hi')`;
    await sql`insert into chat_messages (id, session_id, user_id, role, content, attachments)
      values (${randomUUID()}, ${session}, ${userId}, 'user', ${`message of ${userId}`},
        ${sql.json([{ kind: 'image', key: `chat/${userId}/a.png`, contentType: 'image/png', name: null, size: 1 }])})`;
    await sql`insert into chat_prompts (id, user_id, title, body) values (${randomUUID()}, ${userId}, 'T', 'B')`;
  }
});

afterAll(async () => {
  await sql?.end();
  await db?.drop();
});

it("collects the member's own data only", async () => {
  const part = await collectChatExport(sql, alice);
  expect(part.documents.map((document) => document.path)).toContain('chats/saved-prompts.json');
  expect(JSON.stringify(part)).toContain(`message of ${alice}`);
  expect(part.files).toEqual([{ path: 'chats/attachments/a.png', key: `chat/${alice}/a.png` }]);
  expect(JSON.stringify(part)).not.toContain(bob);
});
