// Traces across the system (docs/operations.md#traces): the gateway, the prompt service and credits, each its real
// main.ts in a process of its own, export to a local OTLP/HTTP collector (JSON) through the standard OTEL_* variables.
// One charged tool call through the gateway leaves one trace: the gateway's request, the prompt service's, credits'
// reserve handler and usage consumer (joined through the NATS headers) and their database queries, every span's
// parent in the trace. A replica with the variables unset exports nothing and its log lines carry no trace id.
// Runs in the root vitest run (node project): it needs no shell build and no browser.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  createTestDatabase,
  startChildService,
  startFakeOpenAi,
  startFakeOtlpCollector,
  startTestJwks,
  testNatsUrl,
  uniqueNamespace,
  waitUntil,
  type ChildService,
  type CollectedSpan,
  type FakeOpenAi,
  type FakeOtlpCollector,
  type TestDatabase,
  type TestJwks,
} from '@act/service-kit/testing';

const TOOL_PATH = '/api/prompt/generate-text-prompt';
const SERVER = 2;
/** credits' usage consumer handling a usage.committed event (the kit's NATS span names: `process <subject>`). */
const USAGE_CONSUMED = /^process .*usage.*committed/;

let collector: FakeOtlpCollector;
let openai: FakeOpenAi;
let jwks: TestJwks;
let creditsDb: TestDatabase;
let promptDb: TestDatabase;
const children: ChildService[] = [];
let gateway: ChildService;
let prompt: ChildService;
let untracedPrompt: ChildService;

async function start(workspace: string, env: Record<string, string>): Promise<ChildService> {
  const child = await startChildService(workspace, env);
  children.push(child);
  return child;
}

beforeAll(async () => {
  collector = await startFakeOtlpCollector();
  openai = await startFakeOpenAi();
  openai.setFallback({ kind: 'text', text: 'A red bicycle leaning on a sunlit wall, film photograph' });
  jwks = await startTestJwks();
  creditsDb = await createTestDatabase('traces_credits');
  promptDb = await createTestDatabase('traces_prompt');
  const shared = { NATS_URL: testNatsUrl(), NATS_NAMESPACE: uniqueNamespace('otel'), JWKS_URL: jwks.url };
  // What an operator sets: the collector, JSON over HTTP, spans sent every 100 ms (the default is 5 s).
  const traced = {
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  const promptEnv = {
    ...shared,
    DATABASE_URL: promptDb.url,
    OPENAI_API_KEY: 'traces-fake-key',
    OPENAI_BASE_URL: openai.baseUrl,
  };
  const credits = await start('services/credits', { ...shared, ...traced, DATABASE_URL: creditsDb.url });
  prompt = await start('services/prompt', { ...promptEnv, ...traced });
  untracedPrompt = await start('services/prompt', promptEnv);
  gateway = await start('gateway', {
    ...traced,
    JWKS_URL: jwks.url,
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    CREDITS_URL: credits.url,
    CREDITS_OPS_URL: credits.opsUrl,
    PROMPT_URL: prompt.url,
    PROMPT_OPS_URL: prompt.opsUrl,
  });
}, 180_000);

afterAll(async () => {
  for (const child of children.reverse()) await child.stop().catch(() => undefined);
  await creditsDb?.drop().catch(() => undefined);
  await promptDb?.drop().catch(() => undefined);
  await openai?.close();
  await jwks?.close();
  await collector?.close();
}, 60_000);

/** The spans of one trace collected so far. */
const traceOf = (traceId: string) => collector.spans.filter((span) => span.traceId === traceId);

/** Whether `span` descends from a span of `service` (its parents, followed within the trace). */
function descendsFrom(span: CollectedSpan, service: string, trace: CollectedSpan[]): boolean {
  const byId = new Map(trace.map((each) => [each.spanId, each]));
  for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) {
    if (parent.service === service) return true;
  }
  return false;
}

/** Magic Enhance as a new member, under a request id of the test's own (the gateway and services keep it). */
async function chargedCall(url: string, text: string) {
  const token = await jwks.tokenFor(randomUUID());
  const requestId = `call-${randomUUID()}`;
  const reply = await callJson(url, 'POST', TOOL_PATH, {
    token,
    body: { text },
    headers: { 'x-request-id': requestId },
  });
  return { reply, requestId };
}

// Each test waits up to 30 s for a trace (the processes export on their own schedules); under a busy CI machine the
// first call of cold processes adds more. The tests' limit covers their waits, so a slow machine is never a failure.
describe('traces', { timeout: 120_000 }, () => {
  it('one charged call through the gateway leaves one trace: gateway, tool service and credits', async () => {
    const { reply, requestId } = await chargedCall(gateway.url, 'a red bicycle');
    expect(reply).toMatchObject({ status: 200, body: { success: true, remainingCredits: 49 } });

    // The trace of the gateway's request: the server span at the edge, a root.
    const edge = (await waitUntil(
      () =>
        collector.spans.find(
          (span) => span.service === 'gateway' && span.kind === SERVER && !span.parentSpanId,
        ),
      Boolean,
      { what: 'the gateway request span', timeoutMs: 30_000 },
    ))!;
    // Each process sends its spans on its own schedule, a parent after its children: read the trace once it is whole,
    // the usage event (consumed a moment after the reply) included. A trace that never closes fails here.
    const orphans = (spans: CollectedSpan[]) => {
      const ids = new Set(spans.map((span) => span.spanId));
      return spans.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId));
    };
    // The gateway's rate-limit span in Redis is a leaf: no orphan check sees it missing, so it is waited for too. The
    // gateway took no traffic before its Redis connection was ready (awaitSharedCounters), so its first request is
    // counted there: a command sent earlier is refused by the client, and that span is never ended nor exported.
    const redis = (span: CollectedSpan) =>
      (span.attributes['db.system'] ?? span.attributes['db.system.name']) === 'redis';
    const gatewayRedis = (spans: CollectedSpan[]) =>
      spans.some((span) => span.service === 'gateway' && redis(span));
    // What the trace still lacks, named in the failure when it never closes.
    const missing = (spans: CollectedSpan[]) => [
      ...orphans(spans).map((span) => `the parent of ${span.service}'s ${span.name}`),
      ...(spans.some((span) => span.service === 'credits' && USAGE_CONSUMED.test(span.name))
        ? []
        : ["credits' usage consumer"]),
      ...(process.env.REDIS_URL && !gatewayRedis(spans) ? ["the gateway's Redis call"] : []),
    ];
    const { spans: trace } = await waitUntil(
      () => {
        const spans = traceOf(edge.traceId);
        return { missing: missing(spans), spans };
      },
      (read) => read.missing.length === 0,
      { what: 'the whole trace', timeoutMs: 30_000 },
    );

    expect(new Set(trace.map((span) => span.service))).toEqual(new Set(['gateway', 'prompt', 'credits']));
    // One tree: every span but the root has its parent in the trace.
    expect(orphans(trace)).toEqual([]);
    expect(trace.filter((span) => !span.parentSpanId)).toEqual([edge]);
    // The prompt service's request is the gateway's child; credits' work (the reserve, the usage event and their
    // queries) descends from the prompt service's.
    const promptRequest = trace.find((span) => span.service === 'prompt' && span.kind === SERVER);
    expect(promptRequest && descendsFrom(promptRequest, 'gateway', trace)).toBe(true);
    const creditsSpans = trace.filter((span) => span.service === 'credits');
    expect(creditsSpans.length).toBeGreaterThan(2);
    expect(creditsSpans.filter((span) => !descendsFrom(span, 'prompt', trace))).toEqual([]);
    expect(creditsSpans.some((span) => /^process .*reserve/.test(span.name))).toBe(true);
    // Database spans: the statement without its values.
    const queries = trace.filter((span) => span.attributes['db.system'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(String(query.attributes['db.statement'])).not.toContain(requestId);
    // The instrumentations: Koa's middleware in both processes, and the gateway's rate limit in Redis when it has one.
    for (const service of ['gateway', 'prompt'])
      expect(trace.some((span) => span.service === service && span.attributes['koa.type'])).toBe(true);
    if (process.env.REDIS_URL) expect(gatewayRedis(trace)).toBe(true);
    expect(collector.refused).toBe(0);

    // The access log line of the call, in the gateway and the service, names the trace.
    for (const child of [gateway, prompt]) {
      const line = child
        .output()
        .split('\n')
        .find((text) => text.includes(`"requestId":"${requestId}"`) && text.includes('"trace_id"'));
      expect(line, child === gateway ? 'gateway' : 'prompt').toContain(`"trace_id":"${edge.traceId}"`);
    }
  });

  it('a replica with the OTEL variables unset exports nothing and logs no trace id', async () => {
    // The traced replica keeps exporting its own background work (the outbox relay's queries), so what is counted is
    // prompt's request spans: the untraced replica's call must add none.
    const promptSpans = () =>
      collector.spans.filter((span) => span.service === 'prompt' && span.kind === SERVER).length;
    const before = promptSpans();
    const { reply, requestId } = await chargedCall(untracedPrompt.url, 'a blue kite');
    expect(reply.status).toBe(200);
    // Credits (traced) still handles its messages, which carry no trace context: its spans are roots of their own.
    await waitUntil(
      () =>
        collector.spans.find(
          (span) => span.service === 'credits' && USAGE_CONSUMED.test(span.name) && !span.parentSpanId,
        ),
      Boolean,
      { what: 'credits spans of the untraced call', timeoutMs: 30_000 },
    );
    expect(promptSpans()).toBe(before);
    const lines = untracedPrompt.output().split('\n');
    expect(lines.some((line) => line.includes(requestId))).toBe(true);
    expect(lines.filter((line) => line.includes('trace_id') || line.includes('traces on'))).toEqual([]);
  });
});
