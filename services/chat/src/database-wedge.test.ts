// Chat's database under a wedge (red-team D1), chat as deployed (main.ts in its own process, its pool of
// DATABASE_POOL_MAX 10 connections). Many "continue with this model" calls at once must each answer and leave chat up
// for everyone: continue copied the session inside a transaction but read its messages through the pool, so each call
// held one connection and waited for a second, and 40 at once took all ten for good. And a replica whose database
// work is stuck still stops within its grace on SIGTERM (docs/architecture.md#database-connections).
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatStreamEvent } from '@act/contracts';
import {
  callJson,
  startFakeOpenAi,
  startServiceProcessBed,
  type FakeOpenAi,
  type ServiceProcessBed,
} from '@act/service-kit/testing';
import { postStream } from './test-support/test-bed';

let bed: ServiceProcessBed;
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.setFallback((request) => ({
    kind: 'text',
    text: `Answer from ${request.body.model}. ${'x'.repeat(2_000)}`,
  }));
  bed = await startServiceProcessBed('services/chat', {
    database: 'chat_database_wedge',
    objectStore: true,
    closing: [fake],
  });
}, 90_000);

afterAll(() => bed?.close(), 60_000);

/** One playground turn (four models answer) in the member's session; returns the session's id. */
async function playgroundTurn(
  url: string,
  token: string,
  prompt: string,
  sessionId?: string,
): Promise<string> {
  const stream = await postStream(
    url,
    '/api/chat/send-message',
    { prompt, ...(sessionId ? { sessionId } : {}) },
    token,
  );
  const events = await stream.all();
  expect(events.at(-1)).toMatchObject({ type: 'done', status: 'completed' });
  return (events[0] as Extract<ChatStreamEvent, { type: 'start' }>).sessionId;
}

describe('continue with this model, 40 calls at once', () => {
  it('answers every call and chat stays up for every member, its probes telling the truth', async () => {
    const chat = await bed.start({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl });
    const token = await bed.jwks.tokenFor(randomUUID());
    // An 8-turn session of long prompts (40 of the free member's 50 credits), as in the report.
    let sessionId: string | undefined;
    for (let turn = 1; turn <= 8; turn += 1) {
      sessionId = await playgroundTurn(chat.url, token, `Turn ${turn}: ${'words '.repeat(1_300)}`, sessionId);
    }

    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        callJson(chat.url, 'POST', `/api/chat/sessions/${sessionId}/continue`, {
          token,
          body: { model: 'openai/gpt-4o-mini' },
        }),
      ),
    );
    // Each answers: a new session, or a refusal in plain words (a limit, or the database too busy for now).
    for (const reply of replies) {
      if (reply.status === 200) expect(reply.body).toMatchObject({ success: true, tool: 'chat-agent' });
      else {
        expect([429, 503]).toContain(reply.status);
        expect(reply.body).toMatchObject({ success: false, error: expect.any(String) });
      }
    }
    expect(replies.some((reply) => reply.status === 200)).toBe(true);

    // Another member's list still answers, and the probes say chat is up.
    const other = await bed.jwks.tokenFor(randomUUID());
    expect((await callJson(chat.url, 'GET', '/api/chat/chat-agent/sessions', { token: other })).status).toBe(
      200,
    );
    expect((await fetch(`${chat.opsUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${chat.opsUrl}/healthz`)).status).toBe(200);
    expect(await chat.stop()).toBe(0);
  }, 120_000);
});

describe('a replica whose database work is stuck', () => {
  it('exits on SIGTERM within its grace and the closing budget, saying why', async () => {
    const chat = await bed.start({ SHUTDOWN_GRACE_MS: '1000', CHAT_REPLY_MAX_MS: '1000' });
    // The outbox relay's transaction waits behind a lock this test holds and never releases before the stop.
    const blocker = postgres(bed.databases.at(-1)!.url, { max: 1, onnotice: () => undefined });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const lock = blocker.begin(async (tx) => {
      await tx`lock table jetstream_outbox in access exclusive mode`;
      locked();
      await released;
    });
    try {
      await holding;
      // Exit code 1 is the deadline's (a SIGKILL, which the test's stop sends after 10 s, gives none).
      expect(await chat.stop()).toBe(1);
      expect(chat.output()).toContain('shutdown passed its deadline');
    } finally {
      release();
      await lock;
      await blocker.end();
    }
  }, 60_000);
});
