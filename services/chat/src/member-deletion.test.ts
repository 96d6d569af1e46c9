// A deleted account's chat data (docs/architecture.md#member-deletion), over HTTP with real PostgreSQL, NATS, S3 and
// a fake provider: after deleteChatMember the member's sessions, messages, attachments, share links, projects, saved
// prompts and instructions are gone (its share link answers 404 to a signed-out reader), another member's are
// untouched, and running it again changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import type { Sql } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import { callJson, dataUrl, makePng, type TestJwks } from '@act/service-kit/testing';
import { deleteChatMember } from './domain/member-deletion';
import { startChatTestBed, testChatFiles, type ChatTestBed, type Replica } from './test-support/test-bed';

const AGENT = '/api/chat/chat-agent/send-message';

let bed: ChatTestBed;
let jwks: TestJwks;
let sql: Sql;
let chat: Replica;
let files: ObjectStore;

beforeAll(async () => {
  bed = await startChatTestBed('chat_member_deletion');
  ({ jwks, sql, chat } = bed);
  bed.fake.setFallback({ kind: 'stream', chunks: ['An answer.'] });
  files = testChatFiles();
}, 90_000);

afterAll(() => bed?.close(), 30_000);

interface Member {
  id: string;
  token: string;
}

/** A member with one of everything chat keeps: a session with an attachment, a share link, a project, a prompt. */
async function memberWithData(): Promise<Member & { shareToken: string }> {
  const id = randomUUID();
  const member = { id, token: await jwks.tokenFor(id) };
  const sent = await callJson(chat.url, 'POST', AGENT, {
    token: member.token,
    body: {
      prompt: 'Look at this',
      modelId: 'openai/gpt-4o-mini',
      toolName: 'chat-agent',
      image: dataUrl(await makePng({ width: 8, height: 8 })),
      imageName: 'pic.png',
    },
  });
  expect(sent.status).toBe(200);
  const shared = await callJson(
    chat.url,
    'POST',
    `/api/chat/sessions/${sent.body.sessionId as string}/shares`,
    {
      token: member.token,
      body: {},
    },
  );
  expect(shared.status).toBe(200);
  const calls: Array<[string, string, Record<string, unknown>]> = [
    ['POST', '/api/chat/projects', { name: 'Trip' }],
    ['POST', '/api/chat/prompts', { title: 'Summarise', body: 'Summarise this.' }],
    ['PUT', '/api/chat/instructions', { text: 'Be brief.', enabled: true }],
  ];
  for (const [method, path, body] of calls) {
    expect([200, 201]).toContain(
      (await callJson(chat.url, method, path, { token: member.token, body })).status,
    );
  }
  return { ...member, shareToken: (shared.body.share as { token: string }).token };
}

/** What chat holds for the member: rows per table and files under their prefix. */
async function holdings(userId: string) {
  const [rows] = await sql<Array<Record<string, number>>>`
    select
      (select count(*)::int from chat_sessions where user_id = ${userId}) as sessions,
      (select count(*)::int from chat_messages where user_id = ${userId}) as messages,
      (select count(*)::int from chat_shares where user_id = ${userId}) as shares,
      (select count(*)::int from chat_projects where user_id = ${userId}) as projects,
      (select count(*)::int from chat_prompts where user_id = ${userId}) as prompts,
      (select count(*)::int from chat_instructions where user_id = ${userId}) as instructions`;
  const keys = await sql<Array<{ key: string }>>`
    select a->>'key' as key from chat_messages m, jsonb_array_elements(coalesce(m.attachments, '[]'::jsonb)) a
    where m.user_id = ${userId}`;
  return { rows: rows!, keys: keys.map((row) => row.key).filter(Boolean) };
}

async function fileExists(key: string): Promise<boolean> {
  return files.head(key).then(
    () => true,
    () => false,
  );
}

describe('deleting a member’s chat data', () => {
  it('removes every row, attachment and share link of the member and nothing of another', async () => {
    const leaving = await memberWithData();
    const staying = await memberWithData();
    const before = await holdings(leaving.id);
    expect(Object.values(before.rows).every((count) => count > 0)).toBe(true);
    expect(before.keys.length).toBeGreaterThan(0);
    for (const key of before.keys) expect(await fileExists(key)).toBe(true);
    const kept = await holdings(staying.id);

    await deleteChatMember({ sql, files }, leaving.id);

    const after = await holdings(leaving.id);
    expect(Object.values(after.rows).every((count) => count === 0)).toBe(true);
    for (const key of before.keys) expect(await fileExists(key)).toBe(false);
    const link = await fetch(`${chat.url}/api/chat/shared/${leaving.shareToken}`);
    expect(link.status).toBe(404);
    expect(await link.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      error: ERROR_TEXTS.server.notFound,
    });

    expect(await holdings(staying.id)).toEqual(kept);
    for (const key of kept.keys) expect(await fileExists(key)).toBe(true);
    expect((await fetch(`${chat.url}/api/chat/shared/${staying.shareToken}`)).status).toBe(200);

    // A redelivered deletion finds nothing left and succeeds.
    await deleteChatMember({ sql, files }, leaving.id);
    expect(await holdings(staying.id)).toEqual(kept);
  });
});
