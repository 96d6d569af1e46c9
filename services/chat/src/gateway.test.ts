// The chat service behind the real gateway (its main.ts in a child process, as deployed): a streamed reply reaches
// the browser event by event as the provider writes it, Stop goes through the gateway, and a browser that hangs up
// at the gateway closes only its own stream: the reply goes on, is saved and charged once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ChatStreamEvent } from '@act/contracts';
import {
  callJson,
  startChildService,
  type ChildService,
  type FakeOpenAi,
  type TestJwks,
} from '@act/service-kit/testing';
import { postStream, startChatTestBed, waitUntil, type ChatTestBed, type Replica } from './test-support';

const REASONING = '/api/chat/chat-reasoning/send-message';

let bed: ChatTestBed;
let jwks: TestJwks;
let fake: FakeOpenAi;
let chat: Replica;
let gateway: ChildService;

beforeAll(async () => {
  bed = await startChatTestBed('chat_gw');
  ({ jwks, fake, chat } = bed);
  gateway = await startChildService('gateway', {
    JWKS_URL: jwks.url,
    CHAT_URL: chat.url,
    CHAT_OPS_URL: chat.server.opsUrl,
  });
}, 90_000);

afterAll(async () => {
  await gateway?.stop();
  await bed?.close();
}, 30_000);

const settled = (token: string) => bed.settled(token);

describe('chat through the gateway', () => {
  it('streams the reply event by event as the provider writes it', async () => {
    const token = await jwks.tokenFor(randomUUID());
    fake.script({ kind: 'stream', chunks: ['a', 'b', 'c', 'd'], chunkDelayMs: 250 });
    const stream = await postStream(gateway.url, REASONING, { prompt: 'slowly' }, token);
    expect(stream.contentType).toContain('text/event-stream');
    const arrivals: number[] = [];
    for (const text of ['a', 'b', 'c', 'd']) {
      await stream.next((e) => e.type === 'delta' && e.text === text);
      arrivals.push(performance.now());
    }
    await stream.ended;
    // A quarter of a second apart, as written: nothing held back until the end.
    for (let i = 1; i < arrivals.length; i += 1) expect(arrivals[i]! - arrivals[i - 1]!).toBeGreaterThan(150);
    expect(stream.events.at(-1)).toEqual({ type: 'done', status: 'completed', remainingCredits: 44 });
  });

  it('stops through the gateway, and a hang-up at the gateway leaves the reply running, saved and charged once', async () => {
    const token = await jwks.tokenFor(randomUUID());
    fake.script(
      { kind: 'stream', chunks: Array.from({ length: 40 }, (_, i) => `s${i} `), chunkDelayMs: 100 },
      { kind: 'stream', chunks: Array.from({ length: 8 }, (_, i) => `k${i} `), chunkDelayMs: 100 },
    );
    const stopped = await postStream(gateway.url, REASONING, { prompt: 'stop me' }, token);
    const start = (await stopped.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await stopped.next('delta');
    const closed = fake.whenClientCloses();
    const stopAt = Date.now();
    expect(
      (await callJson(gateway.url, 'POST', '/api/chat/stop', { token, body: { messageId: start.messageId } }))
        .status,
    ).toBe(200);
    expect((await closed).clientClosedAt! - stopAt).toBeLessThan(1_000);
    await stopped.ended;
    expect(stopped.events.at(-1)).toMatchObject({ type: 'done', status: 'stopped' });

    const kept = await postStream(gateway.url, REASONING, { prompt: 'keep going' }, token);
    const keptStart = (await kept.next('start')) as Extract<ChatStreamEvent, { type: 'start' }>;
    await kept.next('delta');
    kept.hangUp();
    const final = await waitUntil(
      async () => {
        const reply = await callJson(
          gateway.url,
          'GET',
          `/api/chat/chat-reasoning/messages?sessionId=${keptStart.sessionId}`,
          {
            token,
          },
        );
        return (reply.body.messages as Array<{ status: string; content: string }> | undefined)?.[1];
      },
      (message) => message?.status === 'completed',
    );
    expect(final?.content).toBe(Array.from({ length: 8 }, (_, i) => `k${i} `).join(''));
    expect(fake.requests.at(-1)?.clientClosedAt).toBeUndefined();
    expect(await settled(token)).toEqual({
      balance: 38,
      history: [
        ['chat-reasoning', 6],
        ['chat-reasoning', 6],
      ],
    });
  });
});
