// The chat service as deployed: main.ts in its own process, next to the run's credits process. Without a provider
// key it says so and charges nothing; with one, a deploy (SIGTERM) lets the reply in flight finish, saved and
// charged once, and the process exits cleanly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, type ChatStreamEvent } from '@act/contracts';
import {
  callJson,
  expectChargesCounted,
  startFakeOpenAi,
  startServiceProcessBed,
  waitUntil,
  type FakeOpenAi,
  type ServiceProcessBed,
} from '@act/service-kit/testing';
import { connectDatabase } from '@act/service-kit';
import { postStream } from './test-support/test-bed';

let bed: ServiceProcessBed;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  bed = await startServiceProcessBed('services/chat', {
    database: 'chat_main',
    objectStore: true,
    closing: [fake],
  });
}, 90_000);

afterAll(() => bed?.close(), 30_000);

async function settledBalance(token: string) {
  await bed.credits.settled();
  return { balance: await bed.credits.balanceOf(token), history: await bed.credits.historyOf(token) };
}

/** A chat process with a (fake) provider key, and a Chat Reasoning reply to it that streams `count` words 100 ms apart. */
async function startSlowReasoningReply(count: number) {
  const chat = await bed.start({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.baseUrl,
    CHAT_MODEL_REASONING: 'up/sonar',
  });
  const token = await bed.jwks.tokenFor(randomUUID());
  const chunks = Array.from({ length: count }, (_, i) => `w${i} `);
  fake.script({ kind: 'stream', chunks, chunkDelayMs: 100 });
  const stream = await postStream(chat.url, '/api/chat/chat-reasoning/send-message', { prompt: 'q' }, token);
  return { chat, token, stream, words: chunks.join('') };
}

describe('chat main.ts', () => {
  it('without a provider key: says so before anyone types, answers 503 in plain words, reserves nothing', async () => {
    const chat = await bed.start({});
    try {
      await expect.poll(() => chat.output()).toContain('no OPENAI_API_KEY');
      expect(await callJson(chat.url, 'GET', '/api/chat/status')).toEqual({
        status: 200,
        body: { success: true, available: false },
      });
      const token = await bed.jwks.tokenFor(randomUUID());
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
    const chat = await bed.start({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseUrl,
      CHAT_MODEL_REASONING: 'up/sonar',
    });
    try {
      const token = await bed.jwks.tokenFor(randomUUID());
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

      const metrics = await expectChargesCounted(chat, { service: 'chat', tools: ['chat-reasoning'] });
      const call = { service: 'chat', provider: 'openai', operation: 'chat-stream', outcome: 'ok' };
      expect(metrics.value('provider_calls_total', call)).toBe(1);
      expect(metrics.value('provider_call_duration_seconds_count', call)).toBe(1);
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
    const sql = connectDatabase(bed.databases.at(-1)!.url, { max: 1 });
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
