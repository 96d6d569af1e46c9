// The gateway against real upstream HTTP servers (service-kit apps) and a real JWKS: routing, token checks,
// client IP, body limits, streaming, static files and health.
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair } from 'jose';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ERROR_TEXTS } from '@act/contracts';
import {
  AppError,
  ErrorCode,
  Router,
  createHttpApp,
  createJwtVerifier,
  type RunningServer,
} from '@act/service-kit';
import {
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  captureLogger,
  silentLogger,
  startTestJwks,
  startTestService,
  type SignOptions,
  type TestJwks,
  waitUntil,
} from '@act/service-kit/testing';
import { createGatewayApp } from './app';
import { createSystemHealth } from './health';

let gateway: RunningServer;
let gatewayApp: ReturnType<typeof createGatewayApp>;
let limitedGateway: RunningServer;
let loggedGateway: RunningServer;
const gatewayLog = captureLogger('gateway');
let upstream: RunningServer;
let jwks: TestJwks;
let staticDir: string;
let heldUploads: Array<() => void> = [];

beforeAll(async () => {
  jwks = await startTestJwks();

  // A stand-in service: echoes what the gateway forwarded, streams a slow reply, and counts body bytes.
  const app = createHttpApp({ name: 'echo', logger: silentLogger(), bodyLimit: false });
  const router = new Router();
  const echo = (ctx: Parameters<Parameters<typeof router.get>[1]>[0]) => {
    ctx.body = {
      path: ctx.path,
      query: ctx.querystring,
      clientIp: ctx.get('x-client-ip'),
      authorization: ctx.get('authorization'),
      requestId: ctx.get('x-request-id'),
    };
  };
  router.get('/api/credits/me', echo);
  router.get('/api/credits/plans', echo);
  router.get('/api/credits/support/member', echo);
  router.get('/api/prompt/openapi.json', echo);
  router.get('/api/library/items', echo);
  router.delete('/api/library/items/:id', echo);
  router.post('/api/prompt/generate-text-prompt', async (ctx) => {
    let bytes = 0;
    for await (const chunk of ctx.req) bytes += (chunk as Buffer).length;
    ctx.body = { bytes, clientIp: ctx.get('x-client-ip') };
  });
  router.post('/api/prompt/generate-image-prompt', async (ctx) => {
    let bytes = 0;
    for await (const chunk of ctx.req) bytes += (chunk as Buffer).length;
    ctx.body = { bytes };
  });
  // Reads the upload, then holds its answer until the test lets it go (uploads in flight).
  router.post('/api/prompt/generate-ai-description', async (ctx) => {
    let bytes = 0;
    for await (const chunk of ctx.req) bytes += (chunk as Buffer).length;
    await new Promise<void>((resolve) => heldUploads.push(resolve));
    ctx.body = { bytes };
  });
  // Refuses at once without reading the body, as a service whose body budget is full does (json-body.ts).
  router.post('/api/prompt/generate-video-prompt', () => {
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
      headers: { 'Retry-After': '3' },
    });
  });
  router.get('/api/credits/stream', async (ctx) => {
    const { PassThrough } = await import('node:stream');
    const stream = new PassThrough();
    ctx.type = 'text/event-stream';
    ctx.body = stream;
    stream.write('data: first\n\n');
    setTimeout(() => stream.end('data: second\n\n'), 300);
  });
  app.use(router.routes());
  upstream = await startTestService(app);

  staticDir = await mkdtemp(path.join(tmpdir(), 'gw-static-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(staticDir, 'manifest.webmanifest'), '{"name":"AI Creative Toolbox"}');
  await mkdir(path.join(staticDir, 'static', 'js'), { recursive: true });
  await writeFile(path.join(staticDir, 'static', 'js', 'main.3f2a9c1b.js'), 'console.log(1)');
  // A build's precompressed copies (scripts/build.mjs writes them).
  await writeFile(
    path.join(staticDir, 'static', 'js', 'main.3f2a9c1b.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  await writeFile(path.join(staticDir, 'static', 'js', 'main.3f2a9c1b.js.gz'), gzipSync('console.log(1)'));
  await mkdir(path.join(staticDir, 'remotes', 'prompt', 'dist'), { recursive: true });
  await writeFile(path.join(staticDir, 'remotes', 'prompt', 'dist', 'mf-manifest.json'), '{"name":"prompt"}');

  const verifier = createJwtVerifier({
    jwksUrl: jwks.url,
    issuer: TEST_JWT_ISSUER,
    audience: TEST_JWT_AUDIENCE,
  });
  const base = {
    config: {
      TRUSTED_PROXIES: [],
      STATIC_DIR: staticDir,
      REMOTES_DIR: path.join(staticDir, 'remotes'),
      UPSTREAM_TIMEOUT_MS: 5_000,
      HSTS: false,
    },
    upstreams: {
      credits: upstream.url,
      prompt: upstream.url,
      library: upstream.url,
      identity: 'http://127.0.0.1:9',
    },
    logger: silentLogger(),
    verifier,
    // identity's ops listener is a closed port: /api/health must say down.
    health: createSystemHealth({
      opsUrls: { credits: upstream.opsUrl, prompt: upstream.opsUrl, identity: 'http://127.0.0.1:9' },
      cacheMs: 0,
    }),
  };
  gatewayApp = createGatewayApp({
    ...base,
    rateLimiter: new RateLimiterMemory({ points: 10_000, duration: 60 }),
  });
  gateway = await startTestService(gatewayApp);
  limitedGateway = await startTestService(
    createGatewayApp({ ...base, rateLimiter: new RateLimiterMemory({ points: 3, duration: 60 }) }),
  );
  loggedGateway = await startTestService(
    createGatewayApp({
      ...base,
      logger: gatewayLog.logger,
      rateLimiter: new RateLimiterMemory({ points: 10_000, duration: 60 }),
    }),
  );
});

afterAll(async () => {
  await Promise.all([gateway.close(), limitedGateway.close(), loggedGateway.close(), upstream.close()]);
  await jwks.close();
});

function memberToken(options: SignOptions = {}) {
  return jwks.tokenFor('0f8b1c8e-2d5e-4d0c-9a53-9f6c0f1e2a11', { email: 'ada@example.com', ...options });
}

describe('API reference', () => {
  it('serves a reference page of the routed services, generated from the contracts, with no inline script', async () => {
    const response = await fetch(`${gateway.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('<h2 id="prompt">prompt</h2>');
    expect(page).toContain('<code>/api/prompt/generate-text-prompt</code>');
    expect(page).toContain('href="/api/credits/openapi.json"');
    // Only services this gateway routes to: chat has no upstream here.
    expect(page).not.toContain('id="chat"');
    // One script, the "try it" form's, from this origin (the CSP allows no inline script).
    expect(page.match(/<script[^>]*>/gi)).toEqual(['<script src="/api/docs/try-it.js" defer>']);
    expect(page).not.toMatch(/<script[^>]*>[^<]/i);
    expect(page).toContain('<form id="try-it">');
    expect(page).toContain(
      '<button type="button" data-try-method="POST" data-try-path="/api/prompt/generate-text-prompt" data-try-body="{&#34;text&#34;:&#34;&#60;text&#62;&#34;}">',
    );
  });

  it('serves the "try it" script, which sends the key from the form as a bearer token', async () => {
    const response = await fetch(`${gateway.url}/api/docs/try-it.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await response.text();
    expect(script).toContain("headers.authorization = 'Bearer ' + key");
    expect(script).toContain("credentials: 'omit'");
  });

  it('passes each service’s OpenAPI document through without a token', async () => {
    const response = await fetch(`${gateway.url}/api/prompt/openapi.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ path: '/api/prompt/openapi.json' });
  });
});

describe('gateway routing and access', () => {
  it('proxies a member route with a valid token, keeping path, query and token', async () => {
    const token = await memberToken();
    const response = await fetch(`${gateway.url}/api/credits/me?x=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { requestId: string };
    expect(body).toMatchObject({ path: '/api/credits/me', query: 'x=1', authorization: `Bearer ${token}` });
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('routes /api/library to the library service, members only', async () => {
    const token = await memberToken();
    const id = '6a1f8a52-0c1e-4c59-9a0f-3f1c2b7d9e10';
    const list = await fetch(`${gateway.url}/api/library/items?q=cat`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ path: '/api/library/items', query: 'q=cat' });
    const removed = await fetch(`${gateway.url}/api/library/items/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await removed.json()).toMatchObject({ path: `/api/library/items/${id}` });
    expect((await fetch(`${gateway.url}/api/library/items`)).status).toBe(401);
  });

  it('refuses a member route without a token: 401 Authentication failed', async () => {
    const response = await fetch(`${gateway.url}/api/credits/me`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      error: 'Authentication failed',
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses a forged token', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const response = await fetch(`${gateway.url}/api/credits/me`, {
      headers: { authorization: `Bearer ${await memberToken({ key: privateKey })}` },
    });
    expect(response.status).toBe(401);
  });

  it('lets only a token with the support role reach the support console: 401 for a guest, 403 for a member', async () => {
    const path = `${gateway.url}/api/credits/support/member?email=ada%40example.com`;
    const guest = await fetch(path);
    expect(guest.status).toBe(401);
    const member = await fetch(path, { headers: { authorization: `Bearer ${await memberToken()}` } });
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    // A role claim on a token not signed by identity is no role at all.
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const forged = await fetch(path, {
      headers: { authorization: `Bearer ${await memberToken({ key: privateKey, roles: ['support'] })}` },
    });
    expect(forged.status).toBe(401);
    const staff = await fetch(path, {
      headers: { authorization: `Bearer ${await memberToken({ roles: ['support'] })}` },
    });
    expect(staff.status).toBe(200);
    expect(await staff.json()).toMatchObject({ path: '/api/credits/support/member' });
  });

  it('lets a public route through without a token', async () => {
    const response = await fetch(`${gateway.url}/api/credits/plans`);
    expect(response.status).toBe(200);
  });

  it('lets a guest call a guest-eligible tool, but never with a bad token', async () => {
    const guest = await fetch(`${gateway.url}/api/prompt/generate-text-prompt`, {
      method: 'POST',
      body: '{}',
    });
    expect(guest.status).toBe(200);
    const bad = await fetch(`${gateway.url}/api/prompt/generate-text-prompt`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(bad.status).toBe(401);
  });

  it('answers an unknown service or a service not deployed with a JSON 404', async () => {
    for (const url of ['/api/nothing/here', '/api/voice/voices']) {
      const response = await fetch(`${gateway.url}${url}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('client IP', () => {
  it('overwrites a client-sent x-client-ip and ignores X-Forwarded-For from an untrusted peer', async () => {
    const response = await fetch(`${gateway.url}/api/prompt/generate-text-prompt`, {
      method: 'POST',
      body: '{}',
      headers: { 'x-client-ip': '6.6.6.6', 'x-forwarded-for': '7.7.7.7' },
    });
    expect(((await response.json()) as { clientIp: string }).clientIp).toBe('127.0.0.1');
  });
});

describe('bodies', () => {
  it('refuses a declared body over the route limit with 413 before reaching the service', async () => {
    const response = await fetch(`${gateway.url}/api/prompt/generate-text-prompt`, {
      method: 'POST',
      body: 'x'.repeat(70 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a chunked body that grows past the limit while streaming', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${gateway.url}/api/prompt/generate-text-prompt`);
      const req = httpRequest(url, { method: 'POST', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 80; i += 1) req.write('y'.repeat(1024));
      req.end();
    });
    expect(status).toBe(413);
  });

  it('streams an image-sized body through to the service', async () => {
    const size = 3 * 1024 * 1024;
    const response = await fetch(`${gateway.url}/api/prompt/generate-image-prompt`, {
      method: 'POST',
      body: 'z'.repeat(size),
    });
    expect(await response.json()).toEqual({ bytes: size });
  });

  it('answers an upload the service refuses before reading it, and reads the rest so the connection goes on', async () => {
    const socket = await rawConnection(gateway.url);
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = 'z'.repeat(8 * 1024 * 1024);
    // The refused upload, then a second request on the same connection: answered only once the first body is read.
    socket.write(
      'POST /api/prompt/generate-video-prompt HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}` +
        'GET /api/credits/plans HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    socket.destroy();
    const answers = reply.split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(0, 12))).toEqual(['HTTP/1.1 503', 'HTTP/1.1 200']);
    expect(answers[0]).toMatch(/^retry-after: 3\r$/im);
    expect(answers[0]).toContain(ERROR_TEXTS.server.serviceUnavailable);
  });

  it('closes the connection of a refused upload that goes on past the route limit', async () => {
    const url = new URL(`${gateway.url}/api/prompt/generate-video-prompt`);
    const req = httpRequest(url, {
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked' },
      agent: false,
    });
    const status = new Promise<number>((resolve) =>
      req.once('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      }),
    );
    const cut = new Promise<boolean>((resolve) => {
      req.once('error', () => resolve(true));
      req.once('close', () => resolve(false));
    });
    // Far more than any route takes (the image class's limit), sent while the refusal is already out.
    const chunk = 'y'.repeat(1024 * 1024);
    for (let mb = 0; mb < 64; mb += 1) req.write(chunk);
    req.end();
    expect(await status).toBe(503);
    expect(await cut).toBe(true);
    // Nothing is left watching the body's rate.
    await waitUntil(() => gatewayApp.bodyReadDeadline.watching === 0);
  });

  it('stops dropping a refused upload whose client hangs up', async () => {
    const socket = await rawConnection(gateway.url);
    const answered = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write(
      'POST /api/prompt/generate-video-prompt HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${8 * 1024 * 1024}\r\n\r\n${'z'.repeat(1024 * 1024)}`,
    );
    await answered;
    await waitUntil(() => gatewayApp.bodyReadDeadline.watching === 1);
    socket.destroy();
    await waitUntil(() => gatewayApp.bodyReadDeadline.watching === 0);
  });

  it('streams a response as it is produced instead of buffering it', async () => {
    const token = await memberToken();
    const started = Date.now();
    const response = await fetch(`${gateway.url}/api/credits/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    expect(new TextDecoder().decode(first.value)).toContain('data: first');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toContain('data: second');
    // The first event arrived before the upstream finished (it ends 300 ms later).
    expect(firstAt).toBeLessThan(250);
  });

  it('survives a client that hangs up in the middle of a streamed reply', async () => {
    const token = await memberToken();
    const abort = new AbortController();
    const response = await fetch(`${gateway.url}/api/credits/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    await response.body!.getReader().read();
    abort.abort();
    // The upstream finishes its reply after 300 ms, into a socket nobody reads any more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await fetch(`${gateway.url}/api/credits/plans`)).status).toBe(200);
  });

  it('logs an upload the client abandons as a quiet client abort, not a server error', async () => {
    const socket = await rawConnection(loggedGateway.url);
    socket.write(
      'POST /api/prompt/generate-image-prompt HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: 200000\r\n\r\n{"image":"${'A'.repeat(50_000)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const deadline = Date.now() + 3_000;
    while (
      !gatewayLog.text().includes('"path":"/api/prompt/generate-image-prompt"') &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(gatewayLog.text()).toContain('client aborted the request');
    expect(gatewayLog.lines.filter((line) => /"level":(40|50)/.test(line))).toEqual([]);
  });

  it('survives clients that hang up in the middle of many proxied requests', async () => {
    // Like the end of a load test: dozens of sockets with requests in flight, all closed at once.
    const port = Number(new URL(gateway.url).port);
    const sockets = Array.from({ length: 40 }, () => {
      const socket = new Socket();
      socket.on('error', () => undefined);
      socket.connect(port, '127.0.0.1', () => {
        for (let i = 0; i < 5; i += 1) socket.write('GET /api/credits/plans HTTP/1.1\r\nHost: x\r\n\r\n');
      });
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 15));
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await fetch(`${gateway.url}/api/credits/plans`)).status).toBe(200);
  });
});

/** A raw connection to the server at `url`, its errors ignored: the tests that use it cut it or have it cut. */
async function rawConnection(url: string): Promise<Socket> {
  const socket = new Socket();
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.connect(Number(new URL(url).port), '127.0.0.1', resolve));
  return socket;
}

describe('large uploads in flight per client', () => {
  const MB = 1024 * 1024;
  const upload = (bytes: number, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}/api/prompt/generate-ai-description`, {
      method: 'POST',
      headers,
      body: 'z'.repeat(bytes),
    });

  it('lets one client have 4 uploads over 1 MB in flight, refuses a 5th with 429 and Retry-After, not others', async () => {
    heldUploads = [];
    const held = Array.from({ length: 4 }, () => upload(1.5 * MB));
    await waitUntil(() => heldUploads.length === 4);

    const fifth = await upload(1.5 * MB);
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fifth.json()).toMatchObject({ error: ERROR_TEXTS.server.rateLimited, code: 'RATE_LIMITED' });
    // The same client's small bodies, and another client's uploads (a member is its own client), still go through.
    expect(
      (
        await fetch(`${gateway.url}/api/prompt/generate-image-prompt`, {
          method: 'POST',
          body: 'z'.repeat(MB),
        })
      ).status,
    ).toBe(200);
    const member = upload(1.5 * MB, { authorization: `Bearer ${await memberToken()}` });
    await waitUntil(() => heldUploads.length === 5);

    for (const release of heldUploads) release();
    for (const reply of await Promise.all([...held, member])) expect(reply.status).toBe(200);
    // Answered uploads no longer count.
    heldUploads = [];
    const next = upload(1.5 * MB);
    await waitUntil(() => heldUploads.length === 1);
    heldUploads[0]!();
    expect((await next).status).toBe(200);
  });
});

describe('static files and headers', () => {
  it('serves the shell with security headers and no-cache on index.html', async () => {
    const response = await fetch(`${gateway.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Speech to Speech records from our own pages; no embedded third party may use the microphone or camera.
    const permissions = response.headers.get('permissions-policy')!;
    expect(permissions).toContain('microphone=(self)');
    expect(permissions).toContain('camera=()');
  });

  it('serves the service worker and the web app manifest revalidated, and lets the page use them (our origin only)', async () => {
    const worker = await fetch(`${gateway.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    // A cached old worker would keep an old version of the product in charge (docs/architecture.md#service-worker).
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${gateway.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const policy = (await fetch(`${gateway.url}/`)).headers.get('content-security-policy')!;
    expect(policy).toContain("worker-src 'self';");
    expect(policy).toContain("manifest-src 'self';");
  });

  it('lets the shell frame only its own pages, and serves the artifact frame sandboxed under its own policy', async () => {
    const shell = await fetch(`${gateway.url}/`);
    expect(shell.headers.get('content-security-policy')).toContain("frame-src 'self' https://*.paddle.com");

    const response = await fetch(`${gateway.url}/artifact-frame`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // docs/security.md#artifact-sandbox: scripts only, an opaque origin, nothing from a network, framed by us only.
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain(
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:",
    );
    expect(policy).toContain('sandbox allow-scripts');
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(await response.text()).toContain('document.write(d)');
  });

  it('sends the precompressed copy a browser accepts, with the original type and caching', async () => {
    const url = `${gateway.url}/static/js/main.3f2a9c1b.js`;
    const { request } = await import('node:http');
    // fetch() decodes bodies itself; a raw request shows what went over the wire.
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log(1)');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('console.log(1)');
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log(1)');
  });

  it('falls back to index.html for client-side routes', async () => {
    const response = await fetch(`${gateway.url}/tools/magic-enhance`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>shell</title>');
  });

  it('tells search engines to keep away from a shared chat page, and only from that', async () => {
    const shared = await fetch(`${gateway.url}/share/abcDEF123_-abcDEF123_-ab`, {
      headers: { accept: 'text/html' },
    });
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain('<title>shell</title>');
    expect(shared.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const tool = await fetch(`${gateway.url}/tools/magic-enhance`, { headers: { accept: 'text/html' } });
    expect(tool.headers.get('x-robots-tag')).toBeNull();
  });

  it('caches hashed assets for a year', async () => {
    const response = await fetch(`${gateway.url}/static/js/main.3f2a9c1b.js`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves a remote manifest uncached and 404s a missing remote file', async () => {
    const manifest = await fetch(`${gateway.url}/remotes/prompt/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${gateway.url}/remotes/chat/mf-manifest.json`)).status).toBe(404);
  });

  it('normalises double slashes in static paths instead of failing', async () => {
    const shell = await fetch(`${gateway.url}//index.html`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<title>shell</title>');
    const manifest = await fetch(`${gateway.url}/remotes/prompt//mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toEqual({ name: 'prompt' });
    expect((await fetch(`${gateway.url}//nothing-here.js`)).status).toBe(404);
  });

  it('does not serve files outside its folders', async () => {
    const response = await fetch(`${gateway.url}/..%2f..%2fetc%2fpasswd`);
    expect(await response.text()).not.toContain('root:');
  });
});

describe('health and rate limits', () => {
  it('says only down in /api/health when a service is not ready, naming none, with the product version', async () => {
    const response = await fetch(`${gateway.url}/api/health`);
    expect(response.status).toBe(503);
    // The release answering: the root package.json's version, read here from the file itself.
    const { version } = JSON.parse(
      fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(await response.json()).toEqual({ status: 'down', version });
  });

  it('serves no probes or metrics on the public port (not even the shell in their place)', async () => {
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const response = await fetch(`${gateway.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const metrics = await fetch(`${gateway.opsUrl}/metrics`);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
  });

  it('limits API calls per IP with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${limitedGateway.url}/api/credits/plans`);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
