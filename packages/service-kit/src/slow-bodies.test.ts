// Slow bodies (docs/limits.md): a client that trickles chunked uploads holds no more of the process's body budget
// than the bytes it has sent, so another client's upload is still admitted; and a body slower than the minimum rate
// is cut with 408 in plain words, its connection closed and its budget given back.
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { BODY_LIMITS, ERROR_TEXTS } from '@act/contracts';
import { createHttpApp, type HttpApp } from './http-app';
import type { RunningServer } from './server';
import { BODY_MEMORY_FACTOR } from './body-memory';
import {
  expectCutAsTooSlow,
  silentLogger,
  startSlowUpload,
  startTestService,
  waitUntil,
  type SlowUpload,
} from './testing';

const MiB = 1024 * 1024;
let app: HttpApp;
let running: RunningServer;
const slow: SlowUpload[] = [];

beforeAll(async () => {
  // An image route's limit (14 MiB) in a 1 GiB process (256 MB of budget), as prompt's generate-image-prompt.
  app = createHttpApp({ name: 'slow-bodies-test', logger: silentLogger(), bodyLimit: BODY_LIMITS.image });
  app.bodyMemory.resize(1024 * MiB);
  app.bodyReadDeadline.configure({ minBytesPerSecond: 1024, windowMs: 1_000 });
  const router = new Router();
  router.post('/upload', (ctx) => {
    ctx.body = { bytes: JSON.stringify((ctx.request as { body?: unknown }).body).length };
  });
  app.use(router.routes());
  running = await startTestService(app);
});

afterAll(async () => {
  for (const upload of slow) upload.stop();
  await running.close();
});

const upload = (bytes: number) =>
  fetch(`${running.url}/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ image: 'z'.repeat(bytes - 12) }),
  });

/** A chunked upload of `bytes` (fetch sends a stream chunked). */
const chunkedUpload = (bytes: number) =>
  fetch(`${running.url}/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new Blob([JSON.stringify({ image: 'z'.repeat(bytes - 12) })]).stream(),
    duplex: 'half',
  } as RequestInit);

describe('slow uploads', () => {
  it('admit another client’s upload while four chunked uploads trickle a byte at a time', async () => {
    slow.push(...Array.from({ length: 4 }, () => startSlowUpload(running.url, '/upload')));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const other = await upload(1.5 * MiB);
    expect(other.status).toBe(200);
  });

  it('cuts each with 408 in plain words and closes its connection, and the budget is all given back', async () => {
    await expectCutAsTooSlow(slow);
    expect(app.bodyMemory.used).toBe(0);
    expect(app.bodyReadDeadline.watching).toBe(0);
  });

  it('refuses a chunked body with 503 and Retry-After once its bytes stop fitting beside another’s', async () => {
    const fitsOne = 2 * 1.5 * MiB * BODY_MEMORY_FACTOR;
    app.bodyMemory.capacity = fitsOne;
    try {
      const trickle = startSlowUpload(running.url, '/upload', {
        first: `{"image":"${'z'.repeat(MiB)}`,
        intervalMs: 50,
      });
      slow.push(trickle);
      await waitUntil(() => app.bodyMemory.used > 0);
      // A small chunked body beside it costs its own bytes, not its route's whole limit.
      expect((await chunkedUpload(100 * 1024)).status).toBe(200);
      const refused = await chunkedUpload(2 * MiB);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ error: ERROR_TEXTS.server.serviceUnavailable });
      trickle.stop();
      await waitUntil(() => app.bodyMemory.used === 0);
      expect((await chunkedUpload(2 * MiB)).status).toBe(200);
    } finally {
      app.bodyMemory.resize(1024 * MiB);
    }
  });

  it('refuses a compressed body with 415 unread, so one its client abandons holds no budget', async () => {
    // The parser would inflate it through a stream that never hears of the client's going: the reader waited for
    // ever, holding the budget it had taken, and the minimum rate's cut never reached it.
    const socket = net.connect(Number(new URL(running.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    // The start of a gzip stream: all but its trailer, so the inflater waits for more.
    const start = gzipSync('{"image":"').subarray(0, -8);
    socket.write(
      'POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-encoding: gzip\r\n' +
        `transfer-encoding: chunked\r\n\r\n${start.length.toString(16)}\r\n`,
    );
    socket.write(Buffer.concat([start, Buffer.from('\r\n')]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.destroy();
    await waitUntil(() => app.bodyMemory.used === 0, Boolean, {
      timeoutMs: 3_000,
      what: 'the budget given back',
    });

    const whole = await fetch(`${running.url}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ image: 'z' })),
    });
    expect(whole.status).toBe(415);
    expect(await whole.json()).toMatchObject({ error: ERROR_TEXTS.server.unsupportedMediaType });
  });
});
