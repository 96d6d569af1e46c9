// Event-stream replies over real HTTP: headers, events that leave one by one, heartbeats, a client that hangs up,
// errors after the stream opened, the log line and latency taken at the stream's end, and a drain that lets open
// streams finish while refusing new connections. The stream is respond.ts's, used here directly.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError } from './errors';
import { openEventStream, wantsEventStream, type EventStream } from './respond';
import { createHttpApp } from './http-app';
import { startHttpServer, type RunningServer } from './server';
import { captureLogger, eventsOf, readStreamBlocks, silentLogger, startTestService } from './testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const captured = captureLogger('stream-test');
let running: RunningServer;
/** What the hang-up route saw, once its client had gone. */
let hangUp: Promise<{ closed: boolean; aborted: boolean }>;
let reportHangUp: (seen: { closed: boolean; aborted: boolean }) => void;

beforeAll(async () => {
  const app = createHttpApp({ name: 'stream-test', logger: captured.logger });
  const router = new Router();
  router.post('/reply', async (ctx) => {
    if (!wantsEventStream(ctx)) {
      ctx.body = { success: true, text: 'Hello' };
      return;
    }
    const stream = openEventStream(ctx);
    stream.send({ type: 'start' });
    await sleep(250);
    stream.send({ type: 'delta', text: 'Hel' });
    await sleep(250);
    stream.send({ type: 'delta', text: 'lo' });
    stream.end();
  });
  router.get('/silent', async (ctx) => {
    const stream = openEventStream(ctx, { heartbeatMs: 60 });
    await sleep(330);
    stream.send({ type: 'done' });
    stream.end();
  });
  router.get('/hang-up', async (ctx) => {
    const stream = openEventStream(ctx);
    stream.send({ type: 'start' });
    await new Promise((resolve) => stream.signal.addEventListener('abort', resolve));
    // Writes after the client left are dropped without an error.
    stream.send({ type: 'delta', text: 'nobody reads this' });
    reportHangUp({ closed: stream.closed, aborted: stream.signal.aborted });
    stream.end();
  });
  router.get('/late-open', async (ctx) => {
    // Gets ready slowly; the client has left by the time the stream opens.
    await sleep(150);
    const stream = openEventStream(ctx);
    reportHangUp({ closed: stream.closed, aborted: stream.signal.aborted });
    stream.end();
  });
  router.get('/background', (ctx) => {
    // The handler returns at once; the reply goes on writing (a chat reply outlives its request handler).
    const stream = openEventStream(ctx);
    stream.send({ type: 'start' });
    setTimeout(() => {
      stream.send({ type: 'done' });
      stream.end();
    }, 300);
  });
  router.get('/fails-later', async (ctx) => {
    const stream = openEventStream(ctx);
    stream.send({ type: 'start' });
    await sleep(20);
    throw new Error('database password is hunter2');
  });
  router.get('/refused-later', (ctx) => {
    openEventStream(ctx).send({ type: 'start' });
    throw new AppError(ErrorCode.INSUFFICIENT_CREDITS, ERROR_TEXTS.toolUse.insufficientCredits);
  });
  router.get('/refused-first', () => {
    throw new AppError(ErrorCode.INSUFFICIENT_CREDITS, ERROR_TEXTS.toolUse.insufficientCredits);
  });
  app.use(router.routes());
  running = await startTestService(app, captured.logger);
});

afterAll(async () => {
  await running.close();
});

const accept = { accept: 'text/event-stream' };

describe('wantsEventStream', () => {
  it('is true only when Accept names text/event-stream', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${running.url}/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      });
    expect(await (await post({})).json()).toEqual({ success: true, text: 'Hello' });
    expect(await (await post({ accept: 'application/json' })).json()).toEqual({
      success: true,
      text: 'Hello',
    });
    expect(await (await post({ accept: 'text/event-stream-ish' })).json()).toEqual({
      success: true,
      text: 'Hello',
    });
    for (const value of ['text/event-stream', 'application/json, Text/Event-Stream;q=0.9']) {
      const response = await post({ accept: value });
      expect(response.headers.get('content-type'), value).toBe('text/event-stream; charset=utf-8');
      await response.body?.cancel();
    }
  });
});

describe('openEventStream', () => {
  it('answers 200 with event-stream headers and sends each event the moment it is written', async () => {
    const sentAt = performance.now();
    const response = await fetch(`${running.url}/reply`, { method: 'POST', headers: accept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const blocks = await readStreamBlocks(response, { sentAt });
    expect(eventsOf(blocks)).toEqual([
      { type: 'start' },
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
    ]);
    // Each one arrived when it was written, a quarter of a second apart, not all together at the end.
    const [start, first, second] = blocks.map((b) => b.at);
    expect(start!).toBeLessThan(200);
    expect(first! - start!).toBeGreaterThan(180);
    expect(second! - first!).toBeGreaterThan(180);
  });

  it('sends a ping comment while the reply is silent', async () => {
    const response = await fetch(`${running.url}/silent`, { headers: accept });
    const blocks = await readStreamBlocks(response);
    const pings = blocks.filter((b) => b.text === ': ping');
    expect(pings.length).toBeGreaterThanOrEqual(3);
    expect(eventsOf(blocks)).toEqual([{ type: 'done' }]);
  });

  it('tells the handler when the client hangs up, and drops later writes quietly', async () => {
    hangUp = new Promise((resolve) => (reportHangUp = resolve));
    const aborter = new AbortController();
    const response = await fetch(`${running.url}/hang-up`, { headers: accept, signal: aborter.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"start"');
    aborter.abort();
    expect(await hangUp).toEqual({ closed: true, aborted: true });
  });

  it('reports a client that left before the stream opened as gone at once', async () => {
    hangUp = new Promise((resolve) => (reportHangUp = resolve));
    const socket = connect(Number(new URL(running.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('GET /late-open HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n');
    await sleep(50);
    socket.destroy();
    expect(await hangUp).toEqual({ closed: true, aborted: true });
  });

  it('logs the request and observes its latency when the stream ends, not when it opens', async () => {
    const linesBefore = captured.lines.length;
    const requestLines = () =>
      captured.lines
        .slice(linesBefore)
        .map((line) => JSON.parse(line) as { msg: string; path?: string; ms?: number; status?: number })
        .filter((line) => line.msg === 'request' && line.path === '/background');
    const response = await fetch(`${running.url}/background`, { headers: accept });
    const reading = readStreamBlocks(response);
    await sleep(100);
    expect(requestLines()).toEqual([]);
    expect(eventsOf(await reading)).toEqual([{ type: 'start' }, { type: 'done' }]);
    await sleep(50);
    const [line] = requestLines();
    expect(line?.status).toBe(200);
    expect(line?.ms).toBeGreaterThanOrEqual(280);
    const metrics = await (await fetch(`${running.opsUrl}/metrics`)).text();
    const sum = metrics.match(/http_request_duration_seconds_sum\{[^}]*route="\/background"[^}]*\} ([\d.]+)/);
    expect(Number(sum?.[1])).toBeGreaterThanOrEqual(0.28);
  });

  it('ends a stream whose handler throws with an error event, never a stack', async () => {
    const blocks = await readStreamBlocks(await fetch(`${running.url}/fails-later`, { headers: accept }));
    expect(eventsOf(blocks)).toEqual([
      { type: 'start' },
      { type: 'error', error: ERROR_TEXTS.generic.unexpected, code: 'INTERNAL' },
    ]);
    expect(blocks.map((b) => b.text).join()).not.toContain('hunter2');
    const refused = await readStreamBlocks(await fetch(`${running.url}/refused-later`, { headers: accept }));
    expect(eventsOf(refused)).toEqual([
      { type: 'start' },
      { type: 'error', error: ERROR_TEXTS.toolUse.insufficientCredits, code: 'INSUFFICIENT_CREDITS' },
    ]);
  });

  it('leaves an error thrown before the stream opens an ordinary JSON reply', async () => {
    const response = await fetch(`${running.url}/refused-first`, { headers: accept });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({
      success: false,
      error: ERROR_TEXTS.toolUse.insufficientCredits,
      code: 'INSUFFICIENT_CREDITS',
    });
  });
});

describe('graceful shutdown with open streams', () => {
  async function startStreamingServer(graceMs: number) {
    const app = createHttpApp({ name: 'drain-test', logger: silentLogger() });
    const router = new Router();
    let open: EventStream | undefined;
    let opened: () => void = () => undefined;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    router.get('/long', async (ctx) => {
      open = openEventStream(ctx);
      opened();
      for (let i = 0; i < 6 && !open.closed; i++) {
        open.send({ type: 'delta', text: String(i) });
        await sleep(100);
      }
      open.end();
    });
    router.get('/forever', (ctx) => {
      openEventStream(ctx).send({ type: 'start' });
      opened();
    });
    router.get('/ping', (ctx) => {
      ctx.body = { success: true };
    });
    app.use(router.routes());
    const server = await startHttpServer(app, {
      port: 0,
      host: '127.0.0.1',
      logger: silentLogger(),
      graceMs,
    });
    return { server, isOpen };
  }

  it('lets an open stream finish, refuses new connections meanwhile, then closes promptly', async () => {
    const { server, isOpen } = await startStreamingServer(10_000);
    const reading = fetch(`${server.url}/long`, { headers: accept }).then((r) => readStreamBlocks(r));
    await isOpen;
    const closeStarted = performance.now();
    const closing = server.close();
    await sleep(50);
    // The listener is closed: a new connection is refused while the stream goes on.
    await expect(fetch(`${server.url}/ping`)).rejects.toThrow();
    expect((await fetch(`${server.opsUrl}/readyz`)).status).toBe(503);
    const blocks = await reading;
    expect(eventsOf(blocks)).toEqual(['0', '1', '2', '3', '4', '5'].map((text) => ({ type: 'delta', text })));
    const streamEnded = performance.now();
    await closing;
    // Closed soon after the stream's end, not when the 10 s grace ran out.
    expect(performance.now() - streamEnded).toBeLessThan(1_000);
    expect(streamEnded - closeStarted).toBeGreaterThan(400);
  });

  it('cuts a stream still open when the grace runs out', async () => {
    const { server, isOpen } = await startStreamingServer(300);
    const response = await fetch(`${server.url}/forever`, { headers: accept });
    await isOpen;
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(readStreamBlocks(response)).rejects.toThrow();
  });
});
