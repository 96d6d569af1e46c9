// What an operator sees of a tool service: its /metrics (ops listener) counts requests, provider calls and credit
// charges with the same labels in every service, and the id of the HTTP request (the gateway's x-request-id) goes
// with the reserve, the usage events and the outbox messages sent for it, as a NATS header.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ErrorCode } from './errors';
import { createCreditsClient, reserveCharge, runChargedTool, type CreditsClient } from './charges';
import { connectDatabase, runMigrations, type Sql } from './database';
import { createHttpApp, type AppState } from './http-app';
import { observeProviderCall, serviceMetrics } from './metrics';
import { connectNats, jetstream, type NatsConnection } from './nats';
import { OUTBOX_MIGRATIONS, startOutboxRelay, type Outbox } from './outbox';
import Router from '@koa/router';
import type { RunningServer } from './server';
import {
  callJson,
  createTestDatabase,
  parseMetrics,
  scrapeMetrics,
  SHARED_METRIC_LABELS,
  silentLogger,
  startTestService,
  testNatsUrl,
  uniqueNamespace,
  type TestDatabase,
} from './testing';
import { startScriptedCredits, type ScriptedCredits } from './testing/scripted-credits';

const SERVICE = 'obs-test';
const namespace = uniqueNamespace('obs');
let nc: NatsConnection;
let scripted: ScriptedCredits;
let credits: CreditsClient;
let db: TestDatabase;
let sql: Sql;
let outbox: Outbox;
let running: RunningServer;

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'observability-test' });
  scripted = await startScriptedCredits(nc, namespace);
  credits = createCreditsClient({ nc, namespace, metrics: serviceMetrics(SERVICE), logger: silentLogger() });
  db = await createTestDatabase('observability');
  sql = connectDatabase(db.url);
  await runMigrations(sql, OUTBOX_MIGRATIONS);
  outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });

  const metrics = serviceMetrics(SERVICE);
  const provider = (outcome: 'ok' | 'fail', signal?: AbortSignal) =>
    observeProviderCall(
      metrics,
      { provider: 'fake', operation: 'text-to-image', ...(signal ? { signal } : {}) },
      async () => {
        if (outcome === 'fail') throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'provider failed');
        return 'image';
      },
    );
  // Each route hands its charge the request's id, as a service's handler passes EndpointCall.requestId.
  const router = new Router<AppState>();
  router.post('/charged', async (ctx) => {
    const { result } = await runChargedTool(
      credits,
      { tool: 'text-to-image', userId: randomUUID(), httpRequestId: ctx.state.requestId },
      () => provider('ok'),
    );
    ctx.body = { result };
  });
  router.post('/failing', async (ctx) => {
    await runChargedTool(
      credits,
      { tool: 'text-to-image', userId: randomUUID(), httpRequestId: ctx.state.requestId },
      () => provider('fail'),
    );
    ctx.body = {};
  });
  router.post('/stopped', async (ctx) => {
    const controller = new AbortController();
    controller.abort();
    await provider('ok', controller.signal);
    ctx.body = {};
  });
  router.post('/stored', async (ctx) => {
    const charge = await reserveCharge(credits, {
      tool: 'cartoonify',
      userId: randomUUID(),
      httpRequestId: ctx.state.requestId,
    });
    await charge.run(() => sql.begin((tx) => charge.commitIn(tx, outbox)));
    ctx.body = { requestId: charge.requestId };
  });
  const app = createHttpApp({ name: SERVICE, logger: silentLogger() });
  app.use(router.routes());
  running = await startTestService(app);
});

afterAll(async () => {
  await running?.close();
  await outbox?.stop();
  await scripted?.stop();
  await nc?.close();
  await sql?.end();
  await db?.drop();
});

const post = (path: string, requestId: string) =>
  callJson(running.url, 'POST', path, { body: {}, headers: { 'x-request-id': requestId } });

describe('a service /metrics', () => {
  it('counts provider calls and charges by outcome, with the same labels as every service', async () => {
    const before = await scrapeMetrics(running.opsUrl);
    expect((await post('/charged', 'obs-ok-1')).status).toBe(200);
    expect((await post('/failing', 'obs-fail-1')).status).toBe(503);
    expect((await post('/stopped', 'obs-stop-1')).status).toBe(200);
    scripted.replyWith({ ok: false, code: ErrorCode.INSUFFICIENT_CREDITS, message: 'Not enough credits' });
    try {
      expect((await post('/charged', 'obs-refused-1')).status).toBe(402);
    } finally {
      scripted.replyWith({ ok: true, cost: 2, remainingCredits: 48 });
    }
    await credits.releasesPublished();

    const after = await scrapeMetrics(running.opsUrl);
    const delta = (name: string, labels: Record<string, string>) =>
      after.value(name, { service: SERVICE, ...labels }) -
      before.value(name, { service: SERVICE, ...labels });
    const call = { provider: 'fake', operation: 'text-to-image' };
    expect(delta('provider_calls_total', { ...call, outcome: 'ok' })).toBe(1);
    expect(delta('provider_calls_total', { ...call, outcome: 'error' })).toBe(1);
    expect(delta('provider_calls_total', { ...call, outcome: 'aborted' })).toBe(1);
    expect(delta('provider_call_duration_seconds_count', { ...call, outcome: 'ok' })).toBe(1);
    const tool = { tool: 'text-to-image' };
    expect(delta('credits_charges_total', { ...tool, outcome: 'reserved' })).toBe(2);
    expect(delta('credits_charges_total', { ...tool, outcome: 'committed' })).toBe(1);
    expect(delta('credits_charges_total', { ...tool, outcome: 'released' })).toBe(1);
    expect(delta('credits_charges_total', { ...tool, outcome: 'refused' })).toBe(1);
    expect(delta('http_request_duration_seconds_count', { route: '/charged', status: '200' })).toBe(1);

    for (const [name, labels] of Object.entries(SHARED_METRIC_LABELS)) {
      expect(after.labelNames(name), name).toEqual([labels]);
    }
  });

  it('counts a reserve credits could not answer as unavailable', async () => {
    const metrics = serviceMetrics('obs-unavailable');
    const nobody = createCreditsClient({
      nc,
      namespace: uniqueNamespace('none'),
      timeoutMs: 300,
      metrics,
      logger: silentLogger(),
    });
    await expect(
      runChargedTool(nobody, { tool: 'magic-enhance', userId: randomUUID() }, async () => 'x'),
    ).rejects.toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });
    const scraped = parseMetrics(await metrics.registry.metrics());
    expect(
      scraped.value('credits_charges_total', {
        service: 'obs-unavailable',
        tool: 'magic-enhance',
        outcome: 'unavailable',
      }),
    ).toBe(1);
  });
});

describe('the request id on NATS', () => {
  it('goes with the reserve and the usage events sent for the request', async () => {
    await post('/charged', 'obs-trace-commit');
    await post('/failing', 'obs-trace-release');
    await credits.releasesPublished();
    const headers = scripted.requestIdHeaders;
    expect(headers).toContain('obs-trace-commit');
    expect(headers).toContain('obs-trace-release');
    const reserveOf = (id: string) => scripted.requests[headers.lastIndexOf(id)]!.requestId;

    const committed = await scripted.published('committed');
    expect(committed.find((e) => e.event.requestId === reserveOf('obs-trace-commit'))?.requestIdHeader).toBe(
      'obs-trace-commit',
    );
    // No credits answers the immediate release here, so it goes out as a usage.released event, with the id.
    const released = await scripted.published('released');
    expect(released.find((e) => e.event.requestId === reserveOf('obs-trace-release'))?.requestIdHeader).toBe(
      'obs-trace-release',
    );
  });

  it('is kept with an outbox message and published with it by the relay', async () => {
    const reply = await post('/stored', 'obs-trace-outbox');
    const chargeId = reply.body.requestId as string;
    const [row] = await sql<{ headers: unknown }[]>`
      select headers from jetstream_outbox where msg_id = ${`${chargeId}:committed`}`;
    expect(row?.headers).toEqual({ 'X-Request-Id': 'obs-trace-outbox' });
    await outbox.publishPending();
    const committed = await scripted.published('committed');
    expect(committed.find((e) => e.event.requestId === chargeId)?.requestIdHeader).toBe('obs-trace-outbox');
  });

  it('is absent from messages sent outside a request', async () => {
    const charge = await reserveCharge(credits, { tool: 'text-to-image', userId: randomUUID() });
    await charge.commit();
    expect(scripted.requestIdHeaders.at(-1)).toBeUndefined();
    const committed = await scripted.published('committed');
    const event = committed.find((e) => e.event.requestId === charge.requestId);
    expect(event).toBeDefined();
    expect(event?.requestIdHeader).toBeUndefined();
  });
});
