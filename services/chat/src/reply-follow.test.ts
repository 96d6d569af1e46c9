// Following a reply by its id (docs/product-rules.md#resume), over HTTP against the OpenAI-compatible fake with real
// PostgreSQL and NATS: a reply whose tab closed is followed from another replica, live to its end, and the text it
// ends with is exactly the one stored; a finished reply replays its final text; another member's reply is a 404.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChatFollowEventSchema,
  ERROR_TEXTS,
  PLAYGROUND_MODELS,
  type ChatFollowEvent,
  type ChatStreamEvent,
} from '@act/contracts';
import { callJson } from '@act/service-kit/testing';
import {
  followStream,
  postStream,
  startChatTestBed,
  startReplica,
  type ChatTestBed,
  type Replica,
} from './test-support/test-bed';

const AGENT = '/api/chat/chat-agent/send-message';
const AGENT_MESSAGES = '/api/chat/chat-agent/messages';
const PLAYGROUND = '/api/chat/send-message';
const MODEL = 'openai/gpt-4o-mini';

let bed: ChatTestBed;
let other: Replica;

beforeAll(async () => {
  bed = await startChatTestBed('chat_reply_follow');
  other = await startReplica({ ...bed });
}, 90_000);

afterAll(async () => {
  await other?.close();
  await bed?.close();
}, 30_000);

beforeEach(() => {
  bed.fake.reset();
});

const member = () => bed.jwks.tokenFor(randomUUID());

/** The answer text a follower was sent (per column on the playground). */
function textOf(events: readonly ChatFollowEvent[], column?: string): string {
  return events
    .filter((event) => event.type === 'delta' && event.column === column)
    .map((event) => (event as { text: string }).text)
    .join('');
}

async function storedAnswer(token: string, sessionId: string) {
  const reply = await callJson(bed.chat.url, 'GET', `${AGENT_MESSAGES}?sessionId=${sessionId}`, { token });
  return (reply.body.messages as Array<{ role: string; content: string; status: string }>).find(
    (message) => message.role === 'assistant',
  )!;
}

/** Starts a slow chat agent reply and hangs up once its first words arrived, as a closed tab would. */
async function startAndLeave(token: string) {
  bed.fake.script({
    kind: 'stream',
    chunks: Array.from({ length: 30 }, (_, i) => `word${i} `),
    chunkDelayMs: 40,
  });
  const stream = await postStream(bed.chat.url, AGENT, { prompt: 'tell me', modelId: MODEL }, token);
  const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
  await stream.next('delta');
  stream.hangUp();
  return start;
}

describe('following a reply by its id', () => {
  it('streams the rest of a running reply from another replica, ending with exactly the stored text', async () => {
    const token = await member();
    const start = await startAndLeave(token);

    const follow = await followStream(other.url, start.messageId, token);
    expect(follow.status).toBe(200);
    const events = await follow.all();
    for (const event of events) ChatFollowEventSchema.parse(event);
    expect(events[0]).toEqual({ type: 'start', sessionId: start.sessionId, messageId: start.messageId });
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });
    // The text so far first, then the rest in more than one piece as it was saved: followed live, not at the end.
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(1);
    const stored = await storedAnswer(token, start.sessionId);
    expect(stored.status).toBe('completed');
    expect(textOf(events)).toBe(stored.content);
    expect(stored.content).toContain('word29');
    // Charged once, by the reply itself (following costs nothing).
    expect(await bed.settled(token)).toEqual({ balance: 48, history: [['chat-agent', 2]] });
  });

  it('replays a finished reply: its final text in one piece, then done; as JSON, its stored messages', async () => {
    const token = await member();
    bed.fake.script({ kind: 'stream', chunks: ['Hello ', 'there.'] });
    const sent = await postStream(bed.chat.url, AGENT, { prompt: 'hi', modelId: MODEL }, token);
    const events = await sent.all();
    const start = events[0] as Extract<ChatStreamEvent, { type: 'start' }>;

    const follow = await followStream(other.url, start.messageId, token);
    expect(await follow.all()).toEqual([
      { type: 'start', sessionId: start.sessionId, messageId: start.messageId },
      { type: 'delta', text: 'Hello there.' },
      { type: 'done', status: 'completed' },
    ]);
    const json = await callJson(other.url, 'GET', `/api/chat/replies/${start.messageId}`, { token });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      sessionId: start.sessionId,
      messageId: start.messageId,
      status: 'completed',
      messages: [
        { role: 'assistant', content: 'Hello there.', reply_id: start.messageId, status: 'completed' },
      ],
    });
  });

  it('ends a followed playground turn column by column, with the statuses the reply ended with', async () => {
    const token = await member();
    bed.fake.script({ kind: 'stream', chunks: ['Four ', 'answers.'] });
    const sent = await postStream(bed.chat.url, PLAYGROUND, { prompt: 'hi' }, token);
    const start = (await sent.all())[0] as Extract<ChatStreamEvent, { type: 'start' }>;

    const events = await (await followStream(other.url, start.messageId, token)).all();
    expect(events[0]).toMatchObject({ type: 'start', columns: [...PLAYGROUND_MODELS] });
    const stored = await callJson(other.url, 'GET', `/api/chat/replies/${start.messageId}`, { token });
    const messages = stored.body.messages as Array<{ model_name: string; content: string }>;
    expect(messages.map((message) => message.model_name)).toEqual([...PLAYGROUND_MODELS]);
    expect(messages.map((message) => message.content)).toContain('Four answers.');
    for (const column of PLAYGROUND_MODELS) {
      const text = textOf(events, column);
      expect(text).not.toBe('');
      expect(text).toBe(messages.find((message) => message.model_name === column)?.content);
      expect(events).toContainEqual({ type: 'column', column, status: 'done' });
    }
    expect(events.at(-1)).toEqual({
      type: 'done',
      status: 'completed',
      columns: Object.fromEntries(PLAYGROUND_MODELS.map((column) => [column, 'done'])),
    });
  });

  it('ends a followed reply that failed with the error event and the stored words', async () => {
    const token = await member();
    bed.fake.script({ kind: 'stream', chunks: ['partial '], failAfter: { chunks: 1, how: 'error' } });
    const sent = await postStream(bed.chat.url, AGENT, { prompt: 'hi', modelId: MODEL }, token);
    const start = (await sent.all())[0] as Extract<ChatStreamEvent, { type: 'start' }>;

    const events = await (await followStream(other.url, start.messageId, token)).all();
    expect(events.at(-1)).toEqual({
      type: 'error',
      error: ERROR_TEXTS.chat.sendMessageDot,
      code: 'PROVIDER_FAILED',
    });
  });

  it("answers another member's reply, an unknown one and a malformed id with the same 404", async () => {
    const owner = await member();
    const start = await startAndLeave(owner);
    const stranger = await member();

    for (const id of [start.messageId, randomUUID(), 'not-a-uuid']) {
      const stream = await followStream(other.url, id, stranger);
      expect(stream.status).toBe(404);
      const json = await callJson(bed.chat.url, 'GET', `/api/chat/replies/${id}`, { token: stranger });
      expect(json).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', error: ERROR_TEXTS.server.notFound },
      });
    }
    const unsigned = await callJson(bed.chat.url, 'GET', `/api/chat/replies/${start.messageId}`, {});
    expect(unsigned.status).toBe(401);
    // The owner's reply went on regardless.
    await (await followStream(bed.chat.url, start.messageId, owner)).all();
  });
});
