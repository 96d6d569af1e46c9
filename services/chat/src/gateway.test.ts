// The chat service behind the real gateway (its main.ts in a child process, as deployed): a streamed reply reaches
// the browser event by event as the provider writes it, Stop goes through the gateway, and a browser that hangs up
// at the gateway closes only its own stream: the reply goes on, is saved and charged once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { LIMITS, type ChatStreamEvent } from '@act/contracts';
import {
  callJson,
  dataUrl,
  makePdf,
  makePng,
  startChildService,
  type ChildService,
  type FakeOpenAi,
  type TestJwks,
  waitUntil,
} from '@act/service-kit/testing';
import { postStream, startChatTestBed, type ChatTestBed, type Replica } from './test-support/test-bed';

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

/** A valid PNG of exactly `size` bytes: a small picture with a private ancillary chunk of padding before IEND. */
async function paddedPng(size: number): Promise<Buffer> {
  const small = await makePng({ width: 8, height: 8 });
  const iend = small.subarray(small.length - 12);
  const data = Buffer.alloc(size - small.length - 12);
  const typed = Buffer.concat([Buffer.from('prVt', 'ascii'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([small.subarray(0, small.length - 12), head, typed, crc, iend]);
}

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

  it('takes the largest chat agent request (a 10 MB image and a 10 MB PDF) and serves the attachments back', async () => {
    const token = await jwks.tokenFor(randomUUID());
    const png = await paddedPng(LIMITS.imageBytes);
    const pdf = Buffer.alloc(LIMITS.pdfBytes, 0x20);
    makePdf(['Annual report.']).copy(pdf);
    const reply = await callJson(gateway.url, 'POST', '/api/chat/chat-agent/send-message', {
      token,
      body: {
        prompt: 'Describe both',
        modelId: 'openai/gpt-4o-mini',
        image: dataUrl(png),
        pdf: dataUrl(pdf, 'application/pdf'),
      },
    });
    expect(reply.status).toBe(200);
    const messages = await callJson(
      gateway.url,
      'GET',
      `/api/chat/chat-agent/messages?sessionId=${reply.body.sessionId as string}`,
      { token },
    );
    const [user] = messages.body.messages as Array<{ attachments: Array<{ url: string; size: number }> }>;
    expect(user!.attachments.map((attachment) => attachment.size)).toEqual([png.length, pdf.length]);
    // The signed URL needs no token: the browser's <img> sends none.
    const served = await fetch(`${gateway.url}${user!.attachments[0]!.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).length).toBe(png.length);
  }, 60_000);

  it('lets a signed-out browser read a shared chat and its file, and keeps the member calls behind a token', async () => {
    const token = await jwks.tokenFor(randomUUID());
    const png = await makePng({ width: 12, height: 12 });
    const reply = await callJson(gateway.url, 'POST', '/api/chat/chat-agent/send-message', {
      token,
      body: { prompt: 'Shared through the gateway', modelId: 'openai/gpt-4o-mini', image: dataUrl(png) },
    });
    expect(reply.status).toBe(200);
    const sessionId = reply.body.sessionId as string;
    expect(
      (await callJson(gateway.url, 'POST', `/api/chat/sessions/${sessionId}/shares`, { body: {} })).status,
    ).toBe(401);
    expect((await callJson(gateway.url, 'GET', '/api/chat/shares')).status).toBe(401);
    const created = await callJson(gateway.url, 'POST', `/api/chat/sessions/${sessionId}/shares`, {
      token,
      body: { expiresInDays: 1 },
    });
    expect(created.status).toBe(200);
    const link = created.body.share as { id: string; token: string };

    const shared = await fetch(`${gateway.url}/api/chat/shared/${link.token}`);
    expect(shared.status).toBe(200);
    expect(shared.headers.get('x-robots-tag')).toContain('noindex');
    const body = (await shared.json()) as { messages: Array<{ content: string }> };
    expect(body.messages[0]!.content).toBe('Shared through the gateway');
    const file = await fetch(`${gateway.url}/api/chat/shared/${link.token}/files/0`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);

    expect((await callJson(gateway.url, 'DELETE', `/api/chat/shares/${link.id}`, { token })).status).toBe(
      200,
    );
    expect((await fetch(`${gateway.url}/api/chat/shared/${link.token}`)).status).toBe(404);
  });
});
