// The chat service's side of the member's library (issue 37), for real: PostgreSQL, NATS JetStream, credits and the
// fake provider. A session is announced when its first answer is stored and again (a new revision) when another
// answer is stored or it is renamed; a failed reply announces nothing; a delete (the list's or the library's
// request) removes the session and announces it, and never touches another member's; the backfill runs once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChatAnswerReplySchema,
  CreationDeleteReplySchema,
  natsNames,
  type ChatAnswerRequest,
  type CreationCreated,
} from '@act/contracts/server';
import { backfillCreations, type CreationOwner } from '@act/service-kit';
import { callJson, creationEvents, silentLogger } from '@act/service-kit/testing';
import { chatBackfillPage } from './domain/creations';
import { startChatTestBed, type ChatTestBed } from './test-support/test-bed';

const REASONING = '/api/chat/chat-reasoning/send-message';
const SESSION = '/api/chat/chat-reasoning/sessions';
let bed: ChatTestBed;
let owner: CreationOwner;
const names = () => natsNames(bed.credits.namespace);

beforeAll(async () => {
  bed = await startChatTestBed('chat_library');
  owner = await bed.chat.chat.startLibrary();
}, 90_000);

afterAll(async () => {
  await owner?.stop();
  await bed?.close();
}, 30_000);

beforeEach(() => {
  bed.fake.reset();
  bed.fake.setFallback({ kind: 'stream', chunks: ['Paris is ', 'the capital.'] });
});

async function newMember() {
  const userId = randomUUID();
  return { userId, token: await bed.jwks.tokenFor(userId) };
}

const ask = (token: string, prompt: string, sessionId?: string) =>
  callJson(bed.chat.url, 'POST', REASONING, {
    token,
    body: { prompt, toolName: 'chat-reasoning', ...(sessionId ? { sessionId } : {}) },
  });

async function eventsOf(id: string) {
  await bed.outbox.publishPending();
  return creationEvents(bed.nc, names(), id);
}

const askDelete = async (id: string, userId: string) =>
  CreationDeleteReplySchema.parse(
    (
      await bed.nc.request(`${names().creationDeletePrefix}.chat`, JSON.stringify({ id, userId }), {
        timeout: 10_000,
      })
    ).json(),
  );

const askAnswer = async (request: ChatAnswerRequest) =>
  ChatAnswerReplySchema.parse(
    (await bed.nc.request(names().chatAnswer, JSON.stringify(request), { timeout: 10_000 })).json(),
  );

describe('chat sessions in the library', () => {
  it('announces a session with its answers when answered, again when answered more and when renamed', async () => {
    const { token, userId } = await newMember();
    const first = await ask(token, 'Capital of France?');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const id = first.body.sessionId as string;
    expect(await eventsOf(id)).toEqual([
      expect.objectContaining({
        type: 'created',
        id,
        userId,
        service: 'chat',
        kind: 'chat',
        tool: 'chat-reasoning',
        title: 'Capital of France?',
        openUrl: `/tools/chat-reasoning?open=${id}`,
      }),
    ]);
    expect((await eventsOf(id))[0]).toMatchObject({ text: expect.stringContaining('Paris is the capital.') });

    bed.fake.setFallback({ kind: 'stream', chunks: ['Lyon is ', 'second.'] });
    expect((await ask(token, 'And the second city?', id)).status).toBe(200);
    const renamed = await callJson(bed.chat.url, 'PATCH', `${SESSION}/${id}`, {
      token,
      body: { title: 'France' },
    });
    expect(renamed.status).toBe(200);
    const events = (await eventsOf(id)) as CreationCreated[];
    expect(events).toHaveLength(3);
    expect(events[1]!.text).toContain('Lyon is second.');
    expect(events[2]).toMatchObject({
      title: 'France',
      text: expect.stringContaining('Paris is the capital.'),
    });
  });

  it('announces nothing for a reply that failed and was not charged', async () => {
    const { token, userId } = await newMember();
    bed.fake.setFallback({ kind: 'error', status: 500 });
    expect((await ask(token, 'hi')).status).toBe(502);
    await bed.outbox.publishPending();
    const mine = (await creationEvents(bed.nc, names())).filter((event) => event.userId === userId);
    expect(mine).toEqual([]);
  });

  it("announces the list's delete, and answers the library's request for another member's id with false", async () => {
    const mine = await newMember();
    const other = await newMember();
    const kept = (await ask(mine.token, 'Keep me')).body.sessionId as string;
    expect(await askDelete(kept, other.userId)).toEqual({ deleted: false });
    expect(await bed.sql`select 1 from chat_sessions where id = ${kept}`).toHaveLength(1);
    expect((await eventsOf(kept)).map((event) => event.type)).toEqual(['created']);
    expect(await askDelete(kept, mine.userId)).toEqual({ deleted: true });
    expect(await bed.sql`select 1 from chat_sessions where id = ${kept}`).toHaveLength(0);
    expect((await eventsOf(kept)).map((event) => event.type)).toEqual(['created', 'deleted']);

    const listed = (await ask(mine.token, 'Delete me')).body.sessionId as string;
    expect(
      (await callJson(bed.chat.url, 'DELETE', `${SESSION}/${listed}`, { token: mine.token })).status,
    ).toBe(200);
    expect((await eventsOf(listed)).map((event) => event.type)).toEqual(['created', 'deleted']);
  });

  it("gives the library one answer of the member's own session, and nothing of another member's or session", async () => {
    const mine = await newMember();
    const other = await newMember();
    const first = await ask(mine.token, 'Capital of France?');
    const sessionId = first.body.sessionId as string;
    const firstId = first.body.messageId as string;
    bed.fake.setFallback({ kind: 'stream', chunks: ['Lyon is ', 'second.'] });
    const second = await ask(mine.token, 'And the second city?', sessionId);
    const secondId = second.body.messageId as string;
    const elsewhere = (await ask(mine.token, 'Another chat')).body.sessionId as string;

    const request = { sessionId, userId: mine.userId, messageId: firstId };
    expect(await askAnswer(request)).toEqual({ text: 'Paris is the capital.' });
    expect(await askAnswer({ ...request, messageId: secondId })).toEqual({ text: 'Lyon is second.' });
    // Another member's session, an answer of another session, an unknown id, a bad request: no text.
    expect(await askAnswer({ ...request, userId: other.userId })).toEqual({ text: null });
    expect(await askAnswer({ ...request, sessionId: elsewhere })).toEqual({ text: null });
    expect(await askAnswer({ ...request, messageId: randomUUID() })).toEqual({ text: null });
    expect(
      ChatAnswerReplySchema.parse(
        (await bed.nc.request(names().chatAnswer, '{"x":1}', { timeout: 10_000 })).json(),
      ),
    ).toEqual({ text: null });
  });

  it('names a playground answer by its column: without it, the reply has no one answer', async () => {
    const { userId } = await newMember();
    const sessionId = randomUUID();
    const replyId = randomUUID();
    await bed.sql`
      insert into chat_sessions (id, user_id, kind, title) values (${sessionId}, ${userId}, 'playground', 'Two models')`;
    await bed.sql`
      insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, content, status)
      values (${randomUUID()}, ${sessionId}, ${userId}, 'assistant', ${replyId}, 'model-a', 'From A', 'completed'),
             (${randomUUID()}, ${sessionId}, ${userId}, 'assistant', ${replyId}, 'model-b', 'From B', 'completed')`;
    const request = { sessionId, userId, messageId: replyId };
    expect(await askAnswer({ ...request, column: 'model-b' })).toEqual({ text: 'From B' });
    expect(await askAnswer(request)).toEqual({ text: null });
    expect(await askAnswer({ ...request, column: 'model-c' })).toEqual({ text: null });
  });

  it('backfills the answered sessions once, even with two replicas starting together', async () => {
    const userId = randomUUID();
    const answered = randomUUID();
    const unanswered = randomUUID();
    await bed.sql`
      insert into chat_sessions (id, user_id, kind, title)
      values (${answered}, ${userId}, 'deep-search', 'Old question'), (${unanswered}, ${userId}, 'agent', 'Nothing yet')`;
    await bed.sql`
      insert into chat_messages (id, session_id, user_id, role, reply_id, content, status)
      values (${randomUUID()}, ${answered}, ${userId}, 'assistant', ${randomUUID()}, 'An old report', 'completed')`;
    await bed.sql`delete from creation_backfills`;
    const options = {
      service: 'chat' as const,
      nc: bed.nc,
      sql: bed.sql,
      outbox: bed.outbox,
      names: names(),
      logger: silentLogger(),
      backfillPage: chatBackfillPage,
      deleteResult: () => Promise.resolve(false),
      batchSize: 1,
    };
    await Promise.all([backfillCreations(options), backfillCreations(options)]);
    expect(await backfillCreations(options)).toBe(0);
    expect(await eventsOf(answered)).toMatchObject([
      {
        type: 'created',
        kind: 'report',
        tool: 'deep-search',
        title: 'Old question',
        text: 'Old question\n\nAn old report',
      },
    ]);
    expect(await eventsOf(unanswered)).toEqual([]);
  });
});
