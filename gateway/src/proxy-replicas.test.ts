// A service behind the gateway as several replicas (<SERVICE>_URL listing them): requests alternate between the live
// ones, a replica that is gone is skipped (a GET tries the next one at once), and a POST is never sent twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Router, createHttpApp, createJwtVerifier, type RunningServer } from '@act/service-kit';
import {
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  silentLogger,
  startTestJwks,
  startTestService,
  type TestJwks,
} from '@act/service-kit/testing';
import { createGatewayApp } from './app';
import { loadGatewayConfig, upstreamsOf } from './config';
import { createSystemHealth } from './health';
import { createUpstreamPool } from './proxy';

let jwks: TestJwks;
const replicas: RunningServer[] = [];
const posts = new Map<string, number>();
let gateway: RunningServer;
// A port nothing listens on: a replica that has died.
const DEAD = 'http://127.0.0.1:9';

async function replica(name: string): Promise<RunningServer> {
  const app = createHttpApp({ name, logger: silentLogger(), bodyLimit: false });
  const router = new Router();
  router.get('/api/credits/plans', (ctx) => (ctx.body = { replica: name }));
  router.post('/api/prompt/generate-text-prompt', (ctx) => {
    posts.set(name, (posts.get(name) ?? 0) + 1);
    ctx.body = { replica: name };
  });
  app.use(router.routes());
  return startTestService(app);
}

beforeAll(async () => {
  jwks = await startTestJwks();
  replicas.push(await replica('a'), await replica('b'));
  const [a, b] = replicas.map((server) => server.url);
  gateway = await startTestService(
    createGatewayApp({
      config: { TRUSTED_PROXIES: [], UPSTREAM_TIMEOUT_MS: 5_000, HSTS: false },
      upstreams: { credits: [a!, b!], prompt: [a!, DEAD, b!] },
      logger: silentLogger(),
      verifier: createJwtVerifier({
        jwksUrl: jwks.url,
        issuer: TEST_JWT_ISSUER,
        audience: TEST_JWT_AUDIENCE,
      }),
      rateLimiter: new RateLimiterMemory({ points: 10_000, duration: 60 }),
      health: createSystemHealth({ opsUrls: {}, cacheMs: 0 }),
    }),
  );
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(replicas.map((server) => server.close()));
  await jwks?.close();
});

const plans = async () =>
  ((await (await fetch(`${gateway.url}/api/credits/plans`)).json()) as { replica: string }).replica;

describe('several replicas of a service', () => {
  it('reads <SERVICE>_URL and <SERVICE>_OPS_URL as comma-separated lists', () => {
    const config = loadGatewayConfig({
      JWKS_URL: 'http://127.0.0.1:8101/jwks.json',
      CHAT_URL: 'http://10.0.0.1:8104, http://10.0.0.2:8104',
      CHAT_OPS_URL: 'http://10.0.0.1:9104,http://10.0.0.2:9104',
    });
    expect(upstreamsOf(config)).toEqual({ chat: ['http://10.0.0.1:8104', 'http://10.0.0.2:8104'] });
    expect(() =>
      loadGatewayConfig({
        JWKS_URL: 'http://127.0.0.1:8101/jwks.json',
        CHAT_URL: 'http://a:1,ftp://b',
        CHAT_OPS_URL: 'http://a:2',
      }),
    ).toThrow('CHAT_URL');
  });

  it('sends requests to each replica in turn', async () => {
    const seen = [];
    for (let i = 0; i < 4; i += 1) seen.push(await plans());
    expect(seen.sort()).toEqual(['a', 'a', 'b', 'b']);
  });

  it('answers every GET while a replica is gone, and sends no POST twice', async () => {
    const gone = replicas[1]!;
    await gone.close();
    for (let i = 0; i < 4; i += 1) expect(await plans()).toBe('a');

    posts.clear();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await fetch(`${gateway.url}/api/prompt/generate-text-prompt`, {
        method: 'POST',
        body: '{}',
      });
      await reply.body?.cancel();
      statuses.push(reply.status);
    }
    // The dead replica costs at most one failed POST (503, not retried), then it is skipped.
    const failed = statuses.filter((status) => status === 503).length;
    expect(failed).toBeLessThanOrEqual(2);
    expect(statuses.filter((status) => status === 200).length).toBe(6 - failed);
    expect(posts.get('a')).toBe(6 - failed);
  });

  it('skips a replica that refused a connection until it has had time to come back', () => {
    let clock = 0;
    const pool = createUpstreamPool(['a', 'b', 'c'], { ejectMs: 1_000, now: () => clock });
    expect([pool.order()[0], pool.order()[0], pool.order()[0]]).toEqual(['a', 'b', 'c']);
    pool.failed('b');
    expect([pool.order(), pool.order(), pool.order()].map((order) => order[0])).toEqual(['a', 'c', 'c']);
    expect(pool.order().at(-1)).toBe('b');
    clock = 1_001;
    expect([pool.order()[0], pool.order()[0], pool.order()[0]]).toContain('b');
  });
});

describe('/api/health with replicas', () => {
  it('is up while each service has a ready replica, down when one has none', async () => {
    const live = replicas[0]!.opsUrl;
    expect(await createSystemHealth({ opsUrls: { credits: [DEAD, live] }, cacheMs: 0 }).isUp()).toBe(true);
    expect(
      await createSystemHealth({ opsUrls: { credits: [DEAD, live], chat: [DEAD] }, cacheMs: 0 }).isUp(),
    ).toBe(false);
  });
});
