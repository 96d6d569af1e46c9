// Shared chats over HTTP (docs/product-rules.md#shared-chats): real PostgreSQL, NATS, S3 and credits, a fake
// provider. A member snapshots a session into a link, lists and revokes it; a signed-out reader sees the messages
// as they were (nothing about the member, noindex), the files only through the link; revoked, expired and unknown
// links answer 404; another member reaches none of it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import type { Sql } from '@act/service-kit';
import {
  callJson,
  dataUrl,
  expectOwnerOnly,
  makePng,
  type FakeOpenAi,
  type TestJwks,
} from '@act/service-kit/testing';
import { startChatTestBed, type ChatTestBed, type Replica } from './test-support/test-bed';

const AGENT = '/api/chat/chat-agent/send-message';
const PLAYGROUND = '/api/chat/send-message';

let bed: ChatTestBed;
let jwks: TestJwks;
let fake: FakeOpenAi;
let sql: Sql;
let chat: Replica;

beforeAll(async () => {
  bed = await startChatTestBed('chat_share');
  ({ jwks, fake, sql, chat } = bed);
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  fake.reset();
  fake.setFallback({ kind: 'stream', chunks: ['An answer.'] });
});

interface Member {
  id: string;
  token: string;
}

async function newMember(): Promise<Member> {
  const id = randomUUID();
  return { id, token: await jwks.tokenFor(id) };
}

async function agentMessage(member: Member, prompt: string, extra: Record<string, unknown> = {}) {
  const reply = await callJson(chat.url, 'POST', AGENT, {
    token: member.token,
    body: { prompt, modelId: 'openai/gpt-4o-mini', toolName: 'chat-agent', ...extra },
  });
  expect(reply.status).toBe(200);
  return reply.body.sessionId as string;
}

async function share(member: Member, sessionId: string, expiresInDays?: number | null) {
  return callJson(chat.url, 'POST', `/api/chat/sessions/${sessionId}/shares`, {
    token: member.token,
    body: expiresInDays === undefined ? {} : { expiresInDays },
  });
}

async function listShares(member: Member) {
  const reply = await callJson(chat.url, 'GET', '/api/chat/shares', { token: member.token });
  expect(reply.status).toBe(200);
  return reply.body.shares as Array<Record<string, unknown>>;
}

/** The branch shown of a session, as the member's screen reads it. */
async function shownMessages(member: Member, sessionId: string, path = '/api/chat/chat-agent/messages') {
  const reply = await callJson(chat.url, 'GET', `${path}?sessionId=${sessionId}`, { token: member.token });
  expect(reply.status).toBe(200);
  return reply.body.messages as Array<{ id: string; content: string; reply_id: string | null }>;
}

/** A signed-out read of a link: no token at all. */
async function readShared(token: string) {
  const response = await fetch(`${chat.url}/api/chat/shared/${token}`);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

const NOT_FOUND = { success: false, code: 'NOT_FOUND', error: ERROR_TEXTS.server.notFound };

describe('shared chats', () => {
  it('snapshots a session for a signed-out reader, lists the link and answers 404 once it is revoked', async () => {
    const member = await newMember();
    const sessionId = await agentMessage(member, 'What is a kibibyte?');

    const created = await share(member, sessionId);
    expect(created.status).toBe(200);
    const link = created.body.share as Record<string, string | null>;
    expect(link).toMatchObject({ title: 'What is a kibibyte?', expiresAt: null });
    const token = link.token!;
    // At least 128 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(link.url).toBe(`/share/${token}`);

    // A later message is not part of the snapshot.
    await agentMessage(member, 'And a mebibyte?', { sessionId });

    const read = await readShared(token);
    expect(read.status).toBe(200);
    expect(read.headers.get('x-robots-tag')).toContain('noindex');
    expect(read.body).toEqual({
      success: true,
      title: 'What is a kibibyte?',
      createdAt: link.createdAt,
      messages: [
        { role: 'user', content: 'What is a kibibyte?' },
        { role: 'assistant', content: 'An answer.', model: 'openai/gpt-4o-mini' },
      ],
    });
    // Nothing about the member: not their id, e-mail, session, or credits.
    for (const secret of [member.id, member.id.slice(0, 8), sessionId, 'credits', 'email', 'user_id']) {
      expect(read.text).not.toContain(secret);
    }

    expect(await listShares(member)).toEqual([link]);

    const revoked = await callJson(chat.url, 'DELETE', `/api/chat/shares/${link.id}`, {
      token: member.token,
    });
    expect(revoked).toEqual({ status: 200, body: { success: true } });
    const gone = await readShared(token);
    expect({ status: gone.status, body: gone.body }).toEqual({ status: 404, body: NOT_FOUND });
    expect(await listShares(member)).toEqual([]);
    // An unknown or malformed link answers the same.
    for (const unknown of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'x']) {
      const reply = await readShared(unknown);
      expect({ status: reply.status, body: reply.body }).toEqual({ status: 404, body: NOT_FOUND });
    }
  });

  it('keeps an expiring link until its time, then answers 404 while the member still sees it listed', async () => {
    const member = await newMember();
    const sessionId = await agentMessage(member, 'Expiring');
    const created = await share(member, sessionId, 7);
    const link = created.body.share as Record<string, string>;
    const expiresIn = Date.parse(link.expiresAt!) - Date.parse(link.createdAt!);
    expect(Math.round(expiresIn / 86_400_000)).toBe(7);
    expect((await readShared(link.token!)).status).toBe(200);

    await sql`update chat_shares set expires_at = now() - interval '1 second' where id = ${link.id!}`;
    const expired = await readShared(link.token!);
    expect({ status: expired.status, body: expired.body }).toEqual({ status: 404, body: NOT_FOUND });
    expect((await listShares(member)).map((item) => item.id)).toEqual([link.id]);

    // Only the offered expiries are taken.
    expect((await share(member, sessionId, 3)).status).toBe(400);
  });

  it('lets another member neither share my session nor revoke or list my links', async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const sessionId = await agentMessage(owner, 'Mine only');

    const foreign = await share(stranger, sessionId);
    expect(foreign).toEqual({ status: 404, body: NOT_FOUND });
    expect(await share(stranger, randomUUID())).toEqual(foreign);
    expect(await share(stranger, 'not-a-uuid')).toEqual(foreign);

    let token = '';
    await expectOwnerOnly({
      async createAsOwner() {
        const link = (await share(owner, sessionId)).body.share as Record<string, string>;
        token = link.token!;
        return link.id!;
      },
      async ownerView() {
        return { shares: await listShares(owner), shared: (await readShared(token)).body };
      },
      asStranger: {
        revoke: (id) =>
          fetch(`${chat.url}/api/chat/shares/${id}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${stranger.token}` },
          }),
      },
    });
    expect(await listShares(stranger)).toEqual([]);
    // Signed out, the member's calls are refused.
    expect((await callJson(chat.url, 'GET', '/api/chat/shares')).status).toBe(401);
    expect(
      (await callJson(chat.url, 'POST', `/api/chat/sessions/${sessionId}/shares`, { body: {} })).status,
    ).toBe(401);
  });

  it('serves the attachments of a shared message only through the link', async () => {
    const member = await newMember();
    const png = await makePng({ width: 24, height: 16 });
    const sessionId = await agentMessage(member, 'Look at this', {
      image: dataUrl(png),
      imageName: 'pic.png',
    });
    const link = (await share(member, sessionId)).body.share as Record<string, string>;

    const read = await readShared(link.token!);
    const [user] = read.body.messages as Array<{ attachments?: Array<Record<string, unknown>> }>;
    expect(user!.attachments).toEqual([
      {
        kind: 'image',
        url: `/api/chat/shared/${link.token}/files/0`,
        contentType: 'image/png',
        name: 'pic.png',
        size: png.length,
      },
    ]);
    // Never the member's own signed URL (which names the owner).
    expect(read.text).not.toContain('/api/chat/files/');
    expect(read.text).not.toContain('sig=');

    const file = await fetch(`${chat.url}/api/chat/shared/${link.token}/files/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-robots-tag')).toContain('noindex');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    for (const n of ['1', '-1', 'a']) {
      expect((await fetch(`${chat.url}/api/chat/shared/${link.token}/files/${n}`)).status, n).toBe(404);
    }

    await callJson(chat.url, 'DELETE', `/api/chat/shares/${link.id}`, { token: member.token });
    expect((await fetch(`${chat.url}/api/chat/shared/${link.token}/files/0`)).status).toBe(404);
  });

  it('publishes only the branch shown: an edited-away message, its image and older answers stay private', async () => {
    const member = await newMember();
    const passport = await makePng({ width: 30, height: 20 });
    const replacement = await makePng({ width: 12, height: 8 });
    fake.script(
      { kind: 'stream', chunks: ['Noted SECRET_V1_answer.'] },
      { kind: 'stream', chunks: ['First answer to V2.'] },
      { kind: 'stream', chunks: ['Newest answer to V2.'] },
    );
    const sessionId = await agentMessage(member, 'my password is SECRET_V1_hunter2', {
      image: dataUrl(passport),
      imageName: 'passport-scan.png',
    });
    const [q1] = await shownMessages(member, sessionId);
    await agentMessage(member, 'PUBLIC_V2 please summarise', {
      sessionId,
      editOf: q1!.id,
      image: dataUrl(replacement),
      imageName: 'chart.png',
    });
    const [q2] = await shownMessages(member, sessionId);
    await agentMessage(member, 'ignored', { sessionId, regenerateOf: q2!.id });
    const shown = await shownMessages(member, sessionId);
    expect(shown.map((message) => message.content)).toEqual([
      'PUBLIC_V2 please summarise',
      'Newest answer to V2.',
    ]);

    const link = (await share(member, sessionId)).body.share as Record<string, string>;
    // The session was titled from its first message: the link is titled from the version shown.
    expect(link.title).toBe('PUBLIC_V2 please summarise');
    const read = await readShared(link.token!);
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('PUBLIC_V2 please summarise');
    expect(read.body.messages).toEqual([
      {
        role: 'user',
        content: 'PUBLIC_V2 please summarise',
        attachments: [
          {
            kind: 'image',
            url: `/api/chat/shared/${link.token}/files/0`,
            contentType: 'image/png',
            name: 'chart.png',
            size: replacement.length,
          },
        ],
      },
      { role: 'assistant', content: 'Newest answer to V2.', model: 'openai/gpt-4o-mini' },
    ]);
    for (const hidden of ['SECRET_V1', 'passport-scan', 'First answer to V2']) {
      expect(read.text).not.toContain(hidden);
    }
    // The link's only file is the shown message's; the edited-away image is served under no number.
    const file = await fetch(`${chat.url}/api/chat/shared/${link.token}/files/0`);
    expect(Buffer.from(await file.arrayBuffer()).equals(replacement)).toBe(true);
    expect((await fetch(`${chat.url}/api/chat/shared/${link.token}/files/1`)).status).toBe(404);
  });

  it('publishes the playground answers shown per column and the fuse shown, not the versions behind them', async () => {
    fake.setFallback((request) => ({ kind: 'stream', chunks: [`from ${request.body.model}`] }));
    const member = await newMember();
    const turn = await callJson(chat.url, 'POST', PLAYGROUND, {
      token: member.token,
      body: { prompt: 'Compare' },
    });
    const sessionId = turn.body.sessionId as string;
    for (const text of ['Older fuse.', 'Newest fuse.']) {
      fake.script({ kind: 'stream', chunks: [text] });
      const fused = await callJson(chat.url, 'POST', `/api/chat/sessions/${sessionId}/fuse`, {
        token: member.token,
        body: { replyId: turn.body.messageId, model: 'openai/gpt-4o-mini' },
      });
      expect(fused.status).toBe(200);
    }
    const sharedText = async () => {
      const link = (await share(member, sessionId)).body.share as Record<string, string>;
      const read = await readShared(link.token!);
      return (read.body.messages as Array<{ content: string }>).map((message) => message.content);
    };
    // The screen shows the turn's newest fuse under its four answers.
    const columns = ['from up/gpt', 'from up/gemini', 'from up/claude', 'from up/deepseek'];
    expect(await sharedText()).toEqual(['Compare', ...columns, 'Newest fuse.']);

    // Claude's column regenerated: its new answer replaces the old one, and the fuse (of the answers before) goes.
    const [question] = await shownMessages(member, sessionId, '/api/chat/messages');
    fake.script({ kind: 'stream', chunks: ['Claude again.'] });
    const regenerated = await callJson(chat.url, 'POST', PLAYGROUND, {
      token: member.token,
      body: { sessionId, prompt: 'ignored', regenerateOf: question!.id, column: 'anthropic/claude-sonnet-4' },
    });
    expect(regenerated.status).toBe(200);
    expect(await sharedText()).toEqual([
      'Compare',
      'from up/gpt',
      'from up/gemini',
      'from up/deepseek',
      'Claude again.',
    ]);
  });

  it('shares every column of a playground turn, and goes with its session when that is deleted', async () => {
    fake.setFallback((request) => ({ kind: 'stream', chunks: [`from ${request.body.model}`] }));
    const member = await newMember();
    const reply = await callJson(chat.url, 'POST', PLAYGROUND, {
      token: member.token,
      body: { prompt: 'Compare' },
    });
    expect(reply.status).toBe(200);
    const sessionId = reply.body.sessionId as string;
    const link = (await share(member, sessionId, 30)).body.share as Record<string, string>;
    const read = await readShared(link.token!);
    const messages = read.body.messages as Array<{ role: string; model?: string }>;
    expect(messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'assistant',
      'assistant',
    ]);
    expect(new Set(messages.slice(1).map((message) => message.model)).size).toBe(4);

    await callJson(chat.url, 'DELETE', `/api/chat/sessions/${sessionId}`, { token: member.token });
    expect((await readShared(link.token!)).status).toBe(404);
    expect(await listShares(member)).toEqual([]);
  });
});
