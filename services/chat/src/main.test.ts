// The chat service as deployed: main.ts in its own process, next to the run's credits process. Without a provider
// key it says so and charges nothing; with one, a deploy (SIGTERM) lets the reply in flight finish, saved and
// charged once, and the process exits cleanly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, type ChatStreamEvent } from '@act/contracts';
import {
  callJson,
  createTestDatabase,
  runServices,
  scrapeMetrics,
  SHARED_METRIC_LABELS,
  startChildService,
  startFakeOpenAi,
  testObjectStoreEnv,
  type CreditsProcess,
  type FakeOpenAi,
  type TestDatabase,
  type TestJwks,
  type RunServices,
  waitUntil,
} from '@act/service-kit/testing';
import { connectDatabase } from '@act/service-kit';
import { postStream } from './test-support';

let jwks: TestJwks;
let credits: CreditsProcess;
let serviceEnv: RunServices['serviceEnv'];
let fake: FakeOpenAi;
const databases: TestDatabase[] = [];

beforeAll(async () => {
  ({ jwks, credits, serviceEnv } = await runServices());
  fake = await startFakeOpenAi();
}, 90_000);

afterAll(async () => {
  for (const db of databases) await db.drop();
  await credits?.stop();
  await fake?.close();
  await jwks?.close();
}, 30_000);

async function startChat(env: Record<string, string>) {
  const db = await createTestDatabase('chat_main');
  databases.push(db);
  return startChildService('services/chat', {
    DATABASE_URL: db.url,
    ...serviceEnv,
    ...testObjectStoreEnv(),
    ...env,
  });
}

async function settledBalance(token: string) {
  await credits.settled();
  return { balance: await credits.balanceOf(token), history: await credits.historyOf(token) };
}

/** A chat process with a (fake) provider key, and a Chat Reasoning reply to it that streams `count` words 100 ms apart. */
async function startSlowReasoningReply(count: number) {
  const chat = await startChat({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.baseUrl,
    CHAT_MODEL_REASONING: 'up/sonar',
  });
  const token = await jwks.tokenFor(randomUUID());
  const chunks = Array.from({ length: count }, (_, i) => `w${i} `);
  fake.script({ kind: 'stream', chunks, chunkDelayMs: 100 });
  const stream = await postStream(chat.url, '/api/chat/chat-reasoning/send-message', { prompt: 'q' }, token);
  return { chat, token, stream, words: chunks.join('') };
}

describe('chat main.ts', () => {
  it('without a provider key: says so before anyone types, answers 503 in plain words, reserves nothing', async () => {
    const chat = await startChat({});
    try {
      expect(chat.output()).toContain('no OPENAI_API_KEY');
      expect(await callJson(chat.url, 'GET', '/api/chat/status')).toEqual({
        status: 200,
        body: { success: true, available: false },
      });
      const token = await jwks.tokenFor(randomUUID());
      for (const path of ['/api/chat/send-message', '/api/chat/chat-reasoning/send-message']) {
        expect(await callJson(chat.url, 'POST', path, { token, body: { prompt: 'hello' } })).toEqual({
          status: 503,
          body: { success: false, code: 'PROVIDER_UNAVAILABLE', error: ERROR_TEXTS.chat.providerKeyMissing },
        });
      }
      // The session list still works (nothing needs the provider there).
      expect((await callJson(chat.url, 'GET', '/api/chat/sessions', { token })).status).toBe(200);
      expect(await settledBalance(token)).toEqual({ balance: 50, history: [] });
    } finally {
      expect(await chat.stop()).toBe(0);
    }
  });

  it("counts the reply's provider stream and its charge on the ops port's /metrics", async () => {
    const chat = await startChat({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseUrl,
      CHAT_MODEL_REASONING: 'up/sonar',
    });
    try {
      const token = await jwks.tokenFor(randomUUID());
      fake.script({ kind: 'stream', chunks: ['counted ', 'reply'] });
      const stream = await postStream(
        chat.url,
        '/api/chat/chat-reasoning/send-message',
        { prompt: 'q' },
        token,
      );
      await stream.ended;
      expect(stream.events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
      await settledBalance(token);

      const metrics = await scrapeMetrics(chat.opsUrl);
      const call = { service: 'chat', provider: 'openai', operation: 'chat-stream', outcome: 'ok' };
      expect(metrics.value('provider_calls_total', call)).toBe(1);
      expect(metrics.value('provider_call_duration_seconds_count', call)).toBe(1);
      const charge = { service: 'chat', tool: 'chat-reasoning' };
      expect(metrics.value('credits_charges_total', { ...charge, outcome: 'reserved' })).toBe(1);
      expect(metrics.value('credits_charges_total', { ...charge, outcome: 'committed' })).toBe(1);
      for (const [name, labels] of Object.entries(SHARED_METRIC_LABELS)) {
        expect(metrics.labelNames(name), name).toEqual([labels]);
      }
    } finally {
      expect(await chat.stop()).toBe(0);
    }
  });

  it('finishes the reply in flight when it is stopped for a deploy, and takes no new one', async () => {
    const { chat, token, stream, words } = await startSlowReasoningReply(15);
    await stream.next('delta');
    const exited = chat.stop();
    // Readiness fails at once (probes take the pod out of the Service)…
    await waitUntil(
      () =>
        fetch(`${chat.opsUrl}/readyz`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status !== 200,
    );
    // …and no new reply starts (a new connection is refused, or answered 503).
    const refused = await callJson(chat.url, 'POST', '/api/chat/chat-reasoning/send-message', {
      token,
      body: { prompt: 'another' },
    }).catch(() => ({ status: 0, body: {} }));
    expect([0, 503]).toContain(refused.status);
    await stream.ended;
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'completed', remainingCredits: 44 });
    const text = stream.events
      .filter((e): e is Extract<ChatStreamEvent, { type: 'delta' }> => e.type === 'delta')
      .map((e) => e.text)
      .join('');
    expect(text).toBe(words);
    expect(await exited).toBe(0);
    expect(await settledBalance(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
  });

  it('finishes a reply whose client already left before it exits, saved and charged once', async () => {
    const { chat, token, stream, words } = await startSlowReasoningReply(10);
    const start = (await stream.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stream.next('delta');
    stream.hangUp();
    expect(await chat.stop()).toBe(0);
    const sql = connectDatabase(databases.at(-1)!.url, { max: 1 });
    try {
      const rows = await sql<Array<{ status: string; content: string }>>`
        select status, content from chat_messages where reply_id = ${start.messageId}`;
      expect(rows).toEqual([{ status: 'completed', content: words }]);
    } finally {
      await sql.end();
    }
    expect(await settledBalance(token)).toEqual({ balance: 44, history: [['chat-reasoning', 6]] });
  });
});
