// Streamed replies through the gateway, against a slow event-stream service (service-kit's openEventStream) and a
// real JWKS: events reach the client one by one as the service writes them, uncompressed; a stream longer than the
// upstream timeout lives on while it keeps sending; the gateway's own heartbeat fills a silent upstream (never inside
// an event); a client that hangs up closes the service's stream; the access log waits for the stream's end.
import { EventEmitter, once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { API_ROUTES } from '@act/contracts';
import {
  Router,
  createHttpApp,
  createJwtVerifier,
  openEventStream,
  type RunningServer,
} from '@act/service-kit';
import {
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  captureLogger,
  dataOf,
  eventsOf,
  readStreamBlocks,
  silentLogger,
  startTestJwks,
  startTestService,
  type TestJwks,
} from '@act/service-kit/testing';
import { createGatewayApp } from './app';
import { createSystemHealth } from './health';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The streaming route of the stand-in chat service; the test says which script it plays by `?script=`. */
const STREAM_PATH = API_ROUTES.chat.playground.sendMessage;
const HEARTBEAT_MS = 100;

let upstream: RunningServer;
let gateway: RunningServer;
let jwks: TestJwks;
const gatewayLog = captureLogger('gateway');
/** Resolves when the service saw its client go (the hang-up script). */
let upstreamSawClose: Promise<number>;
let reportClose: (at: number) => void = () => undefined;
/** Ends every `held` stream at once. */
let letHeldEnd: () => void = () => undefined;
const releaseHeld = new Promise<void>((resolve) => (letHeldEnd = resolve));
/** How many events the client has read so far (the lockstep script); `read` is emitted with each new count. */
const clientProgress = new EventEmitter();
let eventsRead = 0;

/** Resolves true once the client has read `count` events, false if that does not happen within 5 s. */
async function clientRead(count: number): Promise<boolean> {
  const deadline = AbortSignal.timeout(5_000);
  while (eventsRead < count) {
    try {
      await once(clientProgress, 'read', { signal: deadline });
    } catch {
      return false;
    }
  }
  return true;
}

beforeAll(async () => {
  jwks = await startTestJwks();
  const app = createHttpApp({ name: 'chat', logger: silentLogger() });
  const router = new Router();
  router.post(STREAM_PATH, async (ctx) => {
    const script = ctx.query.script;
    if (script === 'lockstep') {
      // Four events, each written only once the client has read the one before: if anything between held events
      // back, the next would never be written, and the stream ends with an error event instead.
      const stream = openEventStream(ctx);
      for (let i = 0; i < 4; i++) {
        if (i > 0 && !(await clientRead(i))) {
          stream.send({ type: 'error', error: `event ${i - 1} was held back` });
          break;
        }
        stream.send({ type: 'delta', text: String(i) });
      }
      stream.end();
    } else if (script === 'slow') {
      // Four events a quarter of a second apart.
      const stream = openEventStream(ctx);
      for (let i = 0; i < 4; i++) {
        if (i > 0) await sleep(250);
        stream.send({ type: 'delta', text: String(i) });
      }
      stream.end();
    } else if (script === 'long') {
      // Lasts 2.4 s, longer than the gateway's 1 s upstream timeout, but never silent for 1 s.
      const stream = openEventStream(ctx);
      for (let i = 0; i < 6; i++) {
        stream.send({ type: 'delta', text: String(i) });
        await sleep(400);
      }
      stream.end();
    } else if (script === 'silent') {
      // The service's own heartbeat is off: only the gateway's may fill the gap.
      const stream = openEventStream(ctx, { heartbeatMs: 0 });
      stream.send({ type: 'start' });
      await sleep(450);
      stream.send({ type: 'done' });
      stream.end();
    } else if (script === 'split') {
      // One event written in two halves with a long pause between them (raw writes, as a provider relay might).
      const stream = openEventStream(ctx, { heartbeatMs: 0 });
      ctx.res.write('data: {"type":"delta",');
      await sleep(350);
      ctx.res.write('"text":"whole"}\n\n');
      stream.end();
    } else if (script === 'held') {
      // Starts, then stays open (silent) until the test lets every held stream end together.
      const stream = openEventStream(ctx, { heartbeatMs: 0 });
      stream.send({ type: 'start' });
      await releaseHeld;
      stream.send({ type: 'done' });
      stream.end();
    } else if (script === 'hang-up') {
      const stream = openEventStream(ctx);
      stream.send({ type: 'start' });
      await new Promise((resolve) => stream.signal.addEventListener('abort', resolve));
      reportClose(performance.now());
      stream.end();
    }
  });
  app.use(router.routes());
  upstream = await startTestService(app);

  gateway = await startGateway({ upstreamTimeoutMs: 1_000, heartbeatMs: HEARTBEAT_MS });
});

/** A gateway in front of the stand-in service. */
async function startGateway({
  upstreamTimeoutMs,
  heartbeatMs,
}: {
  upstreamTimeoutMs: number;
  heartbeatMs: number;
}): Promise<RunningServer> {
  const verifier = createJwtVerifier({
    jwksUrl: jwks.url,
    issuer: TEST_JWT_ISSUER,
    audience: TEST_JWT_AUDIENCE,
  });
  return startTestService(
    createGatewayApp({
      config: {
        TRUSTED_PROXIES: [],
        UPSTREAM_TIMEOUT_MS: upstreamTimeoutMs,
        SSE_HEARTBEAT_MS: heartbeatMs,
        HSTS: false,
      },
      upstreams: { chat: upstream.url },
      logger: gatewayLog.logger,
      verifier,
      rateLimiter: new RateLimiterMemory({ points: 10_000, duration: 60 }),
      health: createSystemHealth({ opsUrls: { chat: upstream.opsUrl }, cacheMs: 0 }),
    }),
    gatewayLog.logger,
  );
}

afterAll(async () => {
  await Promise.all([gateway.close(), upstream.close()]);
  await jwks.close();
});

async function openStream(script: string, signal?: AbortSignal) {
  const token = await jwks.tokenFor('0f8b1c8e-2d5e-4d0c-9a53-9f6c0f1e2a11', { email: 'ada@example.com' });
  const sentAt = performance.now();
  const response = await fetch(`${gateway.url}${STREAM_PATH}?script=${script}`, {
    method: 'POST',
    // fetch offers gzip, br by default; the stream must come back uncompressed anyway.
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      'content-type': 'application/json',
    },
    body: '{}',
    signal,
  });
  return { response, sentAt };
}

describe('event streams through the gateway', () => {
  it('passes each event on as the service writes it, uncompressed', async () => {
    eventsRead = 0;
    const { response, sentAt } = await openStream('lockstep');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    // The client reads each event (not a comment) as it comes.
    const blocks = await readStreamBlocks(response, {
      sentAt,
      onBlock: (block) => dataOf(block.text) !== null && clientProgress.emit('read', ++eventsRead),
    });
    expect(eventsOf(blocks)).toEqual(['0', '1', '2', '3'].map((text) => ({ type: 'delta', text })));
  });

  it('keeps a stream that lasts longer than the upstream timeout while it keeps sending', async () => {
    const { response, sentAt } = await openStream('long');
    const blocks = await readStreamBlocks(response, { sentAt });
    expect(eventsOf(blocks)).toHaveLength(6);
    expect(blocks.at(-1)!.at).toBeGreaterThan(2_000);
  });

  it('sends its own ping comments while the service is silent', async () => {
    const { response, sentAt } = await openStream('silent');
    const blocks = await readStreamBlocks(response, { sentAt });
    expect(eventsOf(blocks)).toEqual([{ type: 'start' }, { type: 'done' }]);
    const pings = blocks.filter((b) => b.text === ': ping');
    expect(pings.length).toBeGreaterThanOrEqual(3);
    // Between the two events, not after the end.
    expect(blocks[0]!.text).toContain('start');
    expect(blocks.at(-1)!.text).toContain('done');
  });

  it('never puts a ping inside an event the service is still writing', async () => {
    const { response, sentAt } = await openStream('split');
    const blocks = await readStreamBlocks(response, { sentAt });
    expect(blocks.map((b) => b.text)).toEqual(['data: {"type":"delta","text":"whole"}']);
  });

  it('holds hundreds of streams open to one replica at once, each started at once', async () => {
    // Each open stream holds one connection to the service: a connection cap per replica below this would queue the
    // next member's reply until another ended (at the gateway's former cap, 256, the 257th waited). The bench's
    // stream-scale section holds 1,000 through the built services (docs/architecture.md#performance).
    const open = 600;
    // Its own gateway, whose upstream timeout outlasts the test and which sends no pings: the held streams are
    // silent once started.
    const patient = await startGateway({ upstreamTimeoutMs: 60_000, heartbeatMs: 0 });
    const token = await jwks.tokenFor('0f8b1c8e-2d5e-4d0c-9a53-9f6c0f1e2a11');
    const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
    let started = 0;
    // Opened 100 at a time, each wave read to its first event, so the test's own connects never overflow the
    // listening socket's backlog; every stream stays open until the end.
    for (let wave = 0; wave < open / 100; wave++) {
      const waveReaders = await Promise.all(
        Array.from({ length: 100 }, async () => {
          const response = await fetch(`${patient.url}${STREAM_PATH}?script=held`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
            body: '{}',
          });
          return response.body!.getReader();
        }),
      );
      const firsts = await Promise.all(
        waveReaders.map((reader) => Promise.race([reader.read(), sleep(10_000).then(() => undefined)])),
      );
      started += firsts.filter((first) => first !== undefined && !first.done).length;
      readers.push(...waveReaders);
    }
    expect(started).toBe(open);
    letHeldEnd();
    await Promise.all(readers.map((reader) => reader.cancel()));
    await patient.close();
  }, 60_000);

  it('closes the service side when the client hangs up', async () => {
    upstreamSawClose = new Promise((resolve) => (reportClose = resolve));
    const aborter = new AbortController();
    const { response } = await openStream('hang-up', aborter.signal);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('start');
    const hungUpAt = performance.now();
    aborter.abort();
    const sawAt = await Promise.race([upstreamSawClose, sleep(2_000).then(() => Number.NaN)]);
    expect(sawAt - hungUpAt).toBeLessThan(1_000);
  });

  it("logs the stream's request line when it ends, with its whole duration", async () => {
    const linesBefore = gatewayLog.lines.length;
    const { response, sentAt } = await openStream('slow');
    await readStreamBlocks(response, { sentAt });
    await sleep(50);
    const line = gatewayLog.lines
      .slice(linesBefore)
      .map((text) => JSON.parse(text) as { msg: string; path?: string; ms?: number })
      .find((entry) => entry.msg === 'request' && entry.path === STREAM_PATH);
    expect(line?.ms).toBeGreaterThanOrEqual(700);
  });
});
