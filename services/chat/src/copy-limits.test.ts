// Bounds on copies of a session (docs/product-rules.md#shared-chats, #fuse): share links and continued sessions are
// free, so each is capped per session per day (counted in PostgreSQL, exact under concurrent calls) and rate limited
// per member. Over HTTP against the real chat service; a refusal is a 429 with the contracts' text, stores nothing
// and costs nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { createRateLimitStore } from '@act/service-kit';
import { callJson, type JsonReply } from '@act/service-kit/testing';
import { startChatTestBed, startReplica, type ChatTestBed } from './test-support/test-bed';

let bed: ChatTestBed;

beforeAll(async () => {
  bed = await startChatTestBed('chat_copy_limits');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => {
  bed.fake.reset();
  bed.fake.setFallback((request) => ({ kind: 'text', text: `Answer from ${request.body.model}.` }));
});

const { perSessionPerDay, perMemberPerHour } = LIMITS.chatCopies;

async function agentSession(token: string): Promise<string> {
  const reply = await callJson(bed.chat.url, 'POST', '/api/chat/chat-agent/send-message', {
    token,
    body: { prompt: 'Something to share', modelId: 'openai/gpt-4o-mini', toolName: 'chat-agent' },
  });
  expect(reply.status).toBe(200);
  return reply.body.sessionId as string;
}

async function playgroundSession(token: string): Promise<string> {
  const reply = await callJson(bed.chat.url, 'POST', '/api/chat/send-message', {
    token,
    body: { prompt: 'Something to compare' },
  });
  expect(reply.status).toBe(200);
  return reply.body.sessionId as string;
}

const share = (token: string, sessionId: string, base = bed.chat.url) =>
  callJson(base, 'POST', `/api/chat/sessions/${sessionId}/shares`, { token, body: {} });

const continueWith = (token: string, sessionId: string) =>
  callJson(bed.chat.url, 'POST', `/api/chat/sessions/${sessionId}/continue`, {
    token,
    body: { model: 'openai/gpt-4o-mini' },
  });

/** How many answers carried each error text (200s under 'ok'). */
function tally(replies: readonly JsonReply[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reply of replies) {
    const key = reply.status === 200 ? 'ok' : `${reply.status} ${String(reply.body.error)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function count(table: 'chat_shares' | 'chat_sessions', userId: string): Promise<number> {
  const [row] = await bed.sql<Array<{ n: number }>>`
    select count(*)::int as n from ${bed.sql(table)} where user_id = ${userId}`;
  return row!.n;
}

describe('share links', () => {
  it(`makes at most ${perSessionPerDay} links to one session a day, even when 40 are asked for at once`, async () => {
    const userId = randomUUID();
    const token = await bed.jwks.tokenFor(userId);
    const sessionId = await agentSession(token);

    const replies = await Promise.all(Array.from({ length: 40 }, () => share(token, sessionId)));
    // The first 30 calls pass the member's rate and race for the session's 10; the last 10 are over the rate.
    expect(tally(replies)).toEqual({
      ok: perSessionPerDay,
      [`429 ${ERROR_TEXTS.chat.shareDailyCap}`]: perMemberPerHour - perSessionPerDay,
      [`429 ${ERROR_TEXTS.chat.shareRateLimited}`]: 40 - perMemberPerHour,
    });
    const refused = replies.find((reply) => reply.status === 429)!;
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(await count('chat_shares', userId)).toBe(perSessionPerDay);
    // Free: the one message only.
    expect((await bed.settled(token)).balance).toBe(50 - 2);
  });

  it(`lets a member make ${perMemberPerHour} links an hour over all their sessions`, async () => {
    const userId = randomUUID();
    const token = await bed.jwks.tokenFor(userId);
    const sessions = [];
    for (let i = 0; i <= perMemberPerHour / perSessionPerDay; i += 1)
      sessions.push(await agentSession(token));

    for (const sessionId of sessions.slice(0, -1)) {
      for (let i = 0; i < perSessionPerDay; i += 1) expect((await share(token, sessionId)).status).toBe(200);
    }
    const over = await share(token, sessions.at(-1)!);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      error: ERROR_TEXTS.chat.shareRateLimited,
    });
    expect(await count('chat_shares', userId)).toBe(perMemberPerHour);
    // Another member is not slowed by them.
    const other = await bed.jwks.tokenFor(randomUUID());
    expect((await share(other, await agentSession(other))).status).toBe(200);
  });
});

describe('continue with this model', () => {
  it(`makes at most ${perSessionPerDay} sessions from one comparison a day`, async () => {
    const userId = randomUUID();
    const token = await bed.jwks.tokenFor(userId);
    const sessionId = await playgroundSession(token);

    const replies: JsonReply[] = [];
    // Four at a time, as a member's clicks would come.
    for (let i = 0; i < 3; i += 1) {
      replies.push(...(await Promise.all(Array.from({ length: 4 }, () => continueWith(token, sessionId)))));
    }
    expect(tally(replies)).toEqual({
      ok: perSessionPerDay,
      [`429 ${ERROR_TEXTS.chat.continueDailyCap}`]: 12 - perSessionPerDay,
    });
    // The comparison and the ten continued sessions; nothing charged beyond the comparison.
    expect(await count('chat_sessions', userId)).toBe(1 + perSessionPerDay);
    expect((await bed.settled(token)).balance).toBe(50 - 5);
    // The refusal says when the session's count starts again: at the next midnight UTC.
    const refused = await fetch(`${bed.chat.url}/api/chat/sessions/${sessionId}/continue`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini' }),
    });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    const midnight = new Date().setUTCHours(24, 0, 0, 0);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((midnight - Date.now()) / 1000) + 1);
  });

  it(`lets a member continue ${perMemberPerHour} times an hour over all their comparisons`, async () => {
    const userId = randomUUID();
    const token = await bed.jwks.tokenFor(userId);
    const sessions = [];
    for (let i = 0; i <= perMemberPerHour / perSessionPerDay; i += 1)
      sessions.push(await playgroundSession(token));

    for (const sessionId of sessions.slice(0, -1)) {
      for (let i = 0; i < perSessionPerDay; i += 1) {
        expect((await continueWith(token, sessionId)).status).toBe(200);
      }
    }
    const over = await continueWith(token, sessions.at(-1)!);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      error: ERROR_TEXTS.chat.continueRateLimited,
    });
    expect(await count('chat_sessions', userId)).toBe(sessions.length + perMemberPerHour);
  });
});

// Redis is optional infrastructure: this runs where REDIS_URL is set (CI, and the dev machine with Redis up).
describe.runIf(process.env.REDIS_URL)('replicas sharing the rate-limit store', () => {
  it(`count a member's links together: ${perMemberPerHour} an hour whichever replica makes them`, async () => {
    const stores = [0, 1].map(() => createRateLimitStore({ redisUrl: process.env.REDIS_URL }));
    await Promise.all(stores.map((store) => store.connected()));
    const replicas = await Promise.all(
      stores.map((rateLimits) =>
        startReplica({
          jwks: bed.jwks,
          credits: bed.credits,
          sql: bed.sql,
          outbox: bed.outbox,
          fake: bed.fake,
          rateLimits,
        }),
      ),
    );
    try {
      const userId = randomUUID();
      const token = await bed.jwks.tokenFor(userId);
      const sessions = [];
      for (let i = 0; i <= perMemberPerHour / perSessionPerDay; i += 1)
        sessions.push(await agentSession(token));
      let made = 0;
      for (const sessionId of sessions.slice(0, -1)) {
        for (let i = 0; i < perSessionPerDay; i += 1) {
          // Alternately on each replica, as the gateway balances them.
          expect((await share(token, sessionId, replicas[made % 2]!.url)).status).toBe(200);
          made += 1;
        }
      }
      for (const replica of replicas) {
        const over = await share(token, sessions.at(-1)!, replica.url);
        expect(over.body.error).toBe(ERROR_TEXTS.chat.shareRateLimited);
      }
      expect(await count('chat_shares', userId)).toBe(perMemberPerHour);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });
});
