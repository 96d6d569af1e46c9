// Slow uploads through the gateway (docs/limits.md): chunked bodies that trickle a byte at a time take neither the
// client's allowance of large uploads nor the service's body budget beyond what they sent, so the same client's
// next upload and other members' uploads go through; and the gateway cuts them at the edge with 408.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { API_ROUTES, BODY_LIMITS } from '@act/contracts';
import { Router, createHttpApp, createJwtVerifier, type HttpApp, type RunningServer } from '@act/service-kit';
import {
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  expectCutAsTooSlow,
  silentLogger,
  startSlowUpload,
  startTestJwks,
  startTestService,
  type SlowUpload,
  type TestJwks,
  waitUntil,
} from '@act/service-kit/testing';
import { createGatewayApp } from './app';
import { createSystemHealth } from './health';

const MiB = 1024 * 1024;
let gateway: RunningServer;
let upstream: RunningServer;
let service: HttpApp;
let gatewayApp: HttpApp;
let jwks: TestJwks;
const slow: SlowUpload[] = [];

beforeAll(async () => {
  jwks = await startTestJwks();
  // A stand-in for prompt and chat in one 1 GiB process (256 MB of body budget): parses the JSON upload and answers.
  service = createHttpApp({
    name: 'uploads',
    logger: silentLogger(),
    bodyLimit: BODY_LIMITS.chatAttachments,
  });
  service.bodyMemory.resize(1024 * MiB);
  const router = new Router();
  const answer = (ctx: { body: unknown; request: unknown }) => {
    ctx.body = { bytes: JSON.stringify((ctx.request as { body?: unknown }).body).length };
  };
  router.post(API_ROUTES.prompt.generateImagePrompt, answer);
  router.post(API_ROUTES.chat.agent.sendMessage, answer);
  service.use(router.routes());
  upstream = await startTestService(service);

  const app = (gatewayApp = createGatewayApp({
    config: { TRUSTED_PROXIES: [], UPSTREAM_TIMEOUT_MS: 30_000, HSTS: false },
    upstreams: { prompt: upstream.url, chat: upstream.url },
    logger: silentLogger(),
    verifier: createJwtVerifier({ jwksUrl: jwks.url, issuer: TEST_JWT_ISSUER, audience: TEST_JWT_AUDIENCE }),
    rateLimiter: new RateLimiterMemory({ points: 10_000, duration: 60 }),
    health: createSystemHealth({ opsUrls: { prompt: upstream.opsUrl }, cacheMs: 0 }),
  }));
  // A second's window, so the test need not wait ten: a byte every 200 ms is far below 1 KB/s. The service's own
  // deadline is left at its default, so the cut seen is the gateway's.
  app.bodyReadDeadline.configure({ minBytesPerSecond: 1024, windowMs: 1_000 });
  gateway = await startTestService(app);
});

afterAll(async () => {
  for (const upload of slow) upload.stop();
  await Promise.all([gateway.close(), upstream.close()]);
  await jwks.close();
});

const bearer = async (userId: string) => ({ authorization: `Bearer ${await jwks.tokenFor(userId)}` });

const upload = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ image: 'z'.repeat(1.5 * MiB) }),
  });

describe('slow uploads through the gateway', () => {
  it('leave a guest’s next upload and other members’ uploads admitted while four trickle a byte at a time', async () => {
    const imagePrompt = API_ROUTES.prompt.generateImagePrompt;
    slow.push(...Array.from({ length: 4 }, () => startSlowUpload(gateway.url, imagePrompt)));
    const member = await bearer('0f8b1c8e-2d5e-4d0c-9a53-9f6c0f1e2a11');
    slow.push(
      ...Array.from({ length: 2 }, () =>
        startSlowUpload(gateway.url, API_ROUTES.chat.agent.sendMessage, { headers: member }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The same address's own upload: the trickles have sent too little to count as large ones.
    expect((await upload(imagePrompt)).status).toBe(200);
    // Another member's attachment: the service's budget holds only what the trickles sent.
    const other = await bearer('5b0c7d3e-8a4f-4e21-b6c9-2d7e1f0a9c34');
    expect((await upload(API_ROUTES.chat.agent.sendMessage, other)).status).toBe(200);
  });

  it('cuts each at the edge with 408 in plain words, and the service’s budget is all given back', async () => {
    await expectCutAsTooSlow(slow);
    await waitUntil(() => service.bodyMemory.used === 0);
    expect(gatewayApp.bodyReadDeadline.watching).toBe(0);
  });
});
