// The charge rule for every way a chat reply can end (docs/charges.md; issue 22, D3), over HTTP against the
// OpenAI-compatible fake, money read from credits itself: completed, stopped by the member (before and after text),
// cut by the time limit, the provider breaking off (a cut connection or an in-stream error chunk, before or after
// text), per playground column, and the final write failing while PostgreSQL restarts (a PostgreSQL of this test's
// own, killed with SIGKILL and started again). A reply the member is shown as failed is never charged; a completed one
// is stored whole and never answered with an error.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, UI_TEXTS, type ChatStreamEvent } from '@act/contracts';
import { connectDatabase, connectNats, jetstream, startOutboxRelay } from '@act/service-kit';
import { callJson, silentLogger, testNatsUrl, waitUntil, type FakeStream } from '@act/service-kit/testing';
import { startKillablePostgres, type KillablePostgres } from '@act/dev-infra/killable-postgres';
import { migrateChatDatabase } from './db/migrate';
import {
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

beforeAll(async () => {
  bed = await startChatTestBed('chat_reply_ends');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  bed.fake.reset();
});

async function newMember(): Promise<string> {
  const token = await bed.jwks.tokenFor(randomUUID());
  expect(await bed.credits.balanceOf(token)).toBe(50);
  return token;
}

/** Three words and the stream's end, as the red-team fake sent them ("partial word0 word1 word2"). */
function words(how?: 'cut' | 'error', after = 3): FakeStream {
  return {
    kind: 'stream',
    chunks: ['partial ', 'word0 ', 'word1 ', 'word2 '],
    chunkDelayMs: 20,
    ...(how ? { failAfter: { chunks: after, how } } : {}),
  };
}

async function agentReply(replica: Replica, token: string) {
  const stream = await postStream(replica.url, AGENT, { prompt: 'hi', modelId: MODEL }, token);
  expect(stream.status).toBe(200);
  await stream.ended;
  const start = stream.events[0] as Extract<ChatStreamEvent, { type: 'start' }>;
  const messages = await callJson(replica.url, 'GET', `${AGENT_MESSAGES}?sessionId=${start.sessionId}`, {
    token,
  });
  const stored = (messages.body.messages as Array<Record<string, unknown>>).find(
    (message) => message.role === 'assistant',
  );
  return { events: stream.events, last: stream.events.at(-1), stored, start };
}

describe('a single-model reply (chat agent, 2 credits)', () => {
  it('completed: stored whole and charged once', async () => {
    const token = await newMember();
    bed.fake.script(words());
    const { last, stored } = await agentReply(bed.chat, token);
    expect(last).toEqual({ type: 'done', status: 'completed', remainingCredits: 48 });
    expect(stored).toMatchObject({ status: 'completed', content: 'partial word0 word1 word2 ' });
    expect(await bed.settled(token)).toEqual({ balance: 48, history: [['chat-agent', 2]] });
  });

  for (const how of ['cut', 'error'] as const) {
    it(`provider broke off after text (${how === 'cut' ? 'connection cut' : 'error chunk'}): shown as failed, not charged`, async () => {
      const token = await newMember();
      bed.fake.script(words(how));
      const { events, last, stored } = await agentReply(bed.chat, token);
      expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(0);
      // The refunded balance comes with the failure: nothing was charged.
      expect(last).toEqual({
        type: 'error',
        error: ERROR_TEXTS.chat.sendMessage,
        code: 'PROVIDER_FAILED',
        remainingCredits: 50,
      });
      // The words that arrived are kept with the failure.
      expect(stored).toMatchObject({ status: 'failed', error: ERROR_TEXTS.chat.sendMessageDot });
      expect(stored?.content).toMatch(/^partial word0 /);
      expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    });
  }

  it('provider broke off before text: shown as failed, not charged (JSON: 502 with the balance)', async () => {
    const token = await newMember();
    bed.fake.script(words('error', 0));
    const reply = await callJson(bed.chat.url, 'POST', AGENT, {
      token,
      body: { prompt: 'hi', modelId: MODEL },
    });
    expect(reply).toMatchObject({
      status: 502,
      body: { code: 'PROVIDER_FAILED', error: ERROR_TEXTS.chat.sendMessage, remainingCredits: 50 },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('stopped by the member after text: charged once; before text: not charged', async () => {
    const token = await newMember();
    bed.fake.script({
      kind: 'stream',
      chunks: Array.from({ length: 80 }, (_, i) => `w${i} `),
      chunkDelayMs: 50,
    });
    const stream = await postStream(bed.chat.url, AGENT, { prompt: 'long', modelId: MODEL }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    await callJson(bed.chat.url, 'POST', '/api/chat/stop', { token, body: { messageId: start.messageId } });
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'stopped', remainingCredits: 48 });

    bed.fake.script({ kind: 'stream', chunks: ['late'], firstChunkDelayMs: 5_000 });
    const early = await postStream(bed.chat.url, AGENT, { prompt: 'slow', modelId: MODEL }, token);
    const earlyStart = (await early.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await callJson(bed.chat.url, 'POST', '/api/chat/stop', {
      token,
      body: { messageId: earlyStart.messageId },
    });
    await early.ended;
    expect(early.events.at(-1)).toEqual({ type: 'done', status: 'stopped', remainingCredits: 48 });
    expect(await bed.settled(token)).toEqual({ balance: 48, history: [['chat-agent', 2]] });
  });

  it('cut by the time limit after text: stopped, says so, and charged once', async () => {
    const limited = await startReplica({ ...bed, replyMaxMs: 400 });
    try {
      const token = await newMember();
      bed.fake.script({
        kind: 'stream',
        chunks: Array.from({ length: 80 }, (_, i) => `w${i} `),
        chunkDelayMs: 50,
      });
      const { last, stored } = await agentReply(limited, token);
      expect(last).toEqual({
        type: 'done',
        status: 'stopped',
        remainingCredits: 48,
        error: UI_TEXTS.chat.stoppedAtTimeLimit,
      });
      expect(stored).toMatchObject({ status: 'stopped', error: UI_TEXTS.chat.stoppedAtTimeLimit });
      expect(stored?.content).toMatch(/^w0 w1 /);
      expect(await bed.settled(token)).toEqual({ balance: 48, history: [['chat-agent', 2]] });
    } finally {
      await limited.close();
    }
  });
});

describe('the playground (5 credits for four columns), column by column', () => {
  it('is not charged when every column broke off, even after text', async () => {
    const token = await newMember();
    bed.fake.setFallback(words('cut', 2));
    const stream = await postStream(bed.chat.url, PLAYGROUND, { prompt: 'hi' }, token);
    await stream.ended;
    const columns = stream.events.filter((event) => event.type === 'column');
    expect(columns).toHaveLength(4);
    for (const column of columns) expect(column).toMatchObject({ status: 'failed' });
    expect(stream.events.at(-1)).toMatchObject({ type: 'error', remainingCredits: 50 });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('is charged once when at least one column completed', async () => {
    const token = await newMember();
    let served = 0;
    bed.fake.setFallback(() => (served++ === 0 ? words() : words('error', 1)));
    const stream = await postStream(bed.chat.url, PLAYGROUND, { prompt: 'hi' }, token);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ type: 'done', status: 'completed', remainingCredits: 45 });
    expect(await bed.settled(token)).toEqual({ balance: 45, history: [['ai-chat-playground', 5]] });
  });
});

describe('the final write while PostgreSQL restarts', () => {
  let postgres: KillablePostgres;
  let replica: Replica;
  let close: () => Promise<void>;

  beforeAll(async () => {
    postgres = await startKillablePostgres('chat-final-write');
    const sql = connectDatabase(await postgres.database('chat'));
    await migrateChatDatabase(sql);
    const nc = await connectNats({ url: testNatsUrl(), name: 'chat-final-write-outbox' });
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 200 });
    replica = await startReplica({ ...bed, sql, outbox });
    close = async () => {
      await replica.close();
      await outbox.stop();
      await nc.close();
      // Bounded: a connection the kill left half-open is not waited for.
      await sql.end({ timeout: 5 });
      await postgres.remove();
    };
  }, 120_000);

  afterAll(() => close?.(), 60_000);

  it('retries it: a reply that completed is stored whole, charged once and never answered with an error', async () => {
    const token = await newMember();
    const chunks = Array.from({ length: 40 }, (_, i) => `w${i} `);
    bed.fake.script({ kind: 'stream', chunks, chunkDelayMs: 100 });
    const stream = await postStream(replica.url, AGENT, { prompt: 'hi', modelId: MODEL }, token);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    // Down while the reply streams and when it ends (the stream lasts ~4 s), back a moment later.
    await postgres.kill();
    await stream.next((event) => event.type === 'delta' && event.text === 'w39 ');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await postgres.start();
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'completed', remainingCredits: 48 });
    const messages = await callJson(replica.url, 'GET', `${AGENT_MESSAGES}?sessionId=${start.sessionId}`, {
      token,
    });
    const stored = (messages.body.messages as Array<Record<string, unknown>>).find(
      (message) => message.role === 'assistant',
    );
    expect(stored).toMatchObject({ status: 'completed', content: chunks.join('') });
    // This replica's outbox relays the commit on its own (every 200 ms).
    const money = await waitUntil(
      () => bed.settled(token),
      ({ history }) => history.length > 0,
    );
    expect(money).toEqual({ balance: 48, history: [['chat-agent', 2]] });
  }, 90_000);
});
