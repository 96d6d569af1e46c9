import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Router from '@koa/router';
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError } from './errors';
import { createHttpApp } from './http-app';
import { parseInput } from './validate';
import { captureLogger, startTestService } from './testing';
import type { RunningServer } from './server';

const captured = captureLogger('kit-test');
let running: RunningServer;
let releaseSlow: () => void = () => undefined;
let dependencyUp = true;

beforeAll(async () => {
  const app = createHttpApp({
    name: 'kit-test',
    logger: captured.logger,
    bodyLimit: 1024,
    readiness: { db: async () => (dependencyUp ? undefined : Promise.reject(new Error('down'))) },
  });
  const router = new Router();
  const EchoSchema = z.object({ name: z.string().min(1, 'Name is required') });
  router.post('/echo', (ctx) => {
    ctx.body = { success: true, input: parseInput(EchoSchema, (ctx.request as { body?: unknown }).body) };
  });
  router.get('/broke', () => {
    throw new Error('database password is hunter2');
  });
  router.get('/poor', () => {
    throw new AppError(ErrorCode.INSUFFICIENT_CREDITS, ERROR_TEXTS.toolUse.insufficientCredits, {
      details: { remainingCredits: 1 },
    });
  });
  router.get('/conflict', (ctx) => ctx.throw(409, 'library says conflict'));
  router.get('/slow', async (ctx) => {
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    ctx.body = { success: true, finished: true };
  });
  app.use(router.routes()).use(router.allowedMethods());
  running = await startTestService(app, captured.logger);
});

afterAll(async () => {
  releaseSlow();
  await running.close();
});

const post = (path: string, body: string, type = 'application/json') =>
  fetch(`${running.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body });

describe('createHttpApp', () => {
  it('puts the validated input on ctx.state and echoes a request id', async () => {
    const response = await fetch(`${running.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'abc-123' },
      body: JSON.stringify({ name: 'Ada', extra: true }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('abc-123');
    expect(await response.json()).toEqual({ success: true, input: { name: 'Ada' } });
  });

  it('makes up its own request id for one that is malformed or sent twice', async () => {
    const idOf = async (headerLines: string) => {
      const socket = net.connect(Number(new URL(running.url).port), '127.0.0.1');
      socket.end(`GET /poor HTTP/1.1\r\nHost: x\r\n${headerLines}Connection: close\r\n\r\n`);
      let reply = '';
      for await (const chunk of socket) reply += String(chunk);
      return /^x-request-id: (.*)\r$/im.exec(reply)?.[1];
    };
    expect(await idOf('X-Request-Id: mine-1\r\n')).toBe('mine-1');
    const twice = await idOf('X-Request-Id: mine-1\r\nx-request-id: mine-2\r\n');
    const malformed = await idOf('X-Request-Id: not valid!\r\n');
    for (const id of [twice, malformed]) expect(id).toMatch(/^[A-Za-z0-9_-]+-[0-9a-z]+$/);
    expect(twice).not.toBe(malformed);
  });

  it('answers a schema failure with 400 and the schema message', async () => {
    const response = await post('/echo', JSON.stringify({ name: '' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      error: 'Name is required',
      code: 'VALIDATION_FAILED',
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await post('/echo', '{"name": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await post('/echo', JSON.stringify({ name: 'x'.repeat(4096) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('maps AppError codes to statuses and keeps details', async () => {
    const response = await fetch(`${running.url}/poor`);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      success: false,
      error: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
      remainingCredits: 1,
    });
  });

  it('hides unexpected errors behind a generic 500 with the request id', async () => {
    const response = await fetch(`${running.url}/broke`);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { requestId?: string };
    expect(body).toMatchObject({ success: false, error: ERROR_TEXTS.generic.unexpected, code: 'INTERNAL' });
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });

  it('answers a gzip-labelled body (gzip or not) with 415 unread, not 500', async () => {
    const response = await fetch(`${running.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: ERROR_TEXTS.server.unsupportedMediaType,
    });
  });

  it('keeps the status of a 4xx a library raised, with our text', async () => {
    const response = await fetch(`${running.url}/conflict`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      error: ERROR_TEXTS.server.unreadableRequest,
    });
  });

  it('logs an upload the client aborts as a quiet client abort, not an unhandled error', async () => {
    const linesBefore = captured.lines.length;
    const logged = () => captured.lines.slice(linesBefore).join('\n');
    const socket = net.connect(Number(new URL(running.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 900\r\n\r\n{"name":',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    const deadline = Date.now() + 2_000;
    while (!logged().includes('"path":"/echo"') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(logged()).toContain('client aborted the request');
    expect(logged()).not.toContain('unhandled error');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await fetch(`${running.url}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('publishes the OpenAPI document of the service it is named after, and none for other apps', async () => {
    const prompt = await startTestService(createHttpApp({ name: 'prompt', logger: captured.logger }));
    try {
      const response = await fetch(`${prompt.url}/api/prompt/openapi.json`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toContain('/api/prompt/generate-text-prompt');
      expect((await fetch(`${prompt.url}/api/chat/openapi.json`)).status).toBe(404);
    } finally {
      await prompt.close();
    }
    expect((await fetch(`${running.url}/api/prompt/openapi.json`)).status).toBe(404);
  });

  it('reports readiness from its dependency checks on the ops listener', async () => {
    expect((await fetch(`${running.opsUrl}/readyz`)).status).toBe(200);
    dependencyUp = false;
    const down = await fetch(`${running.opsUrl}/readyz`);
    dependencyUp = true;
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ checks: { db: 'down' } });
  });

  it('exposes Prometheus metrics for the routes it served on the ops listener', async () => {
    expect((await post('/echo', JSON.stringify({ name: 'metered' }))).status).toBe(200);
    const text = await (await fetch(`${running.opsUrl}/metrics`)).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/echo"[^}]*\} [1-9]\d*/);
    expect((await fetch(`${running.opsUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${running.opsUrl}/echo`)).status).toBe(404);
  });

  it('answers 404 for probes and metrics on the public listener, whatever its routes would answer', async () => {
    expect(running.opsPort).not.toBe(running.port);
    // An app that answers every path (as the gateway's static files serve the shell for any).
    const anyPath = createHttpApp({ name: 'any-path', logger: captured.logger });
    anyPath.use((ctx) => {
      ctx.body = { success: true, path: ctx.path };
    });
    const served = await startTestService(anyPath, captured.logger);
    const statusOf = async (target: string) => {
      const socket = net.connect(served.port, '127.0.0.1');
      socket.end(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      let reply = '';
      for await (const chunk of socket) reply += String(chunk);
      return Number(/^HTTP\/1\.1 (\d+)/.exec(reply)?.[1]);
    };
    try {
      expect(await statusOf('/anything?x=1')).toBe(200);
      // Also asked with a query, or in absolute form (whose path is not read straight from the URL).
      for (const target of ['/healthz', '/readyz', '/metrics', '/metrics?x=1', 'http://x/metrics']) {
        expect(await statusOf(target), target).toBe(404);
      }
      const response = await fetch(`${served.url}/healthz`);
      expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await served.close();
    }
  });

  it('logs requests without leaking bodies', async () => {
    const linesBefore = captured.lines.length;
    const response = await fetch(`${running.url}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'log-check-1' },
      body: JSON.stringify({ name: 'Grace Hopper-7f3a' }),
    });
    expect(response.status).toBe(200);
    // The request line is written before the response leaves, so it is there once the reply is.
    const logged = captured.lines.slice(linesBefore).join('\n');
    expect(logged).toMatch(/"requestId":"log-check-1".*"path":"\/echo"/);
    expect(logged).not.toContain('Grace Hopper-7f3a');
  });

  it('runs the routers it is given inside its edge, and middleware added with use when no route answers', async () => {
    const router = new Router();
    router.get('/sync', (ctx) => {
      ctx.body = { success: true, route: 'sync' };
    });
    router.get('/later', async (ctx) => {
      await new Promise((resolve) => setImmediate(resolve));
      ctx.body = { success: true, route: 'later' };
    });
    router.get('/throws', () => {
      throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
    });
    const app = createHttpApp({ name: 'routed', logger: captureLogger().logger, routers: [router] });
    app.use((ctx) => {
      ctx.body = { success: true, route: 'fallback' };
    });
    const service = await startTestService(app, captureLogger().logger);
    try {
      const answer = async (path: string) => {
        const response = await fetch(`${service.url}${path}`);
        return { status: response.status, body: await response.json() };
      };
      expect(await answer('/sync')).toEqual({ status: 200, body: { success: true, route: 'sync' } });
      expect(await answer('/later')).toEqual({ status: 200, body: { success: true, route: 'later' } });
      expect(await answer('/elsewhere')).toEqual({ status: 200, body: { success: true, route: 'fallback' } });
      expect(await answer('/throws')).toMatchObject({
        status: 404,
        body: { success: false, code: 'NOT_FOUND' },
      });
      // Every answer is one observation of the request histogram, under its route.
      const metrics = await (await fetch(`${service.opsUrl}/metrics`)).text();
      expect(metrics).toMatch(/route="\/sync",status="200"[^\n]*\} 1$/m);
      expect(metrics).toMatch(/route="\/later",status="200"[^\n]*\} 1$/m);
    } finally {
      await service.close();
    }
  });

  it('tells its draining listeners once, when draining begins (and one registered later at once)', () => {
    const app = createHttpApp({ name: 'drain-listeners', logger: captureLogger().logger });
    const heard: string[] = [];
    app.onDraining(() => heard.push('early'));
    expect(heard).toEqual([]);
    app.markDraining();
    app.markDraining();
    app.onDraining(() => heard.push('late'));
    expect(heard).toEqual(['early', 'late']);
  });

  it('drains an in-flight request before closing', async () => {
    const inFlight = fetch(`${running.url}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = running.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // While it drains, the ops listener still answers and says not ready.
    expect((await fetch(`${running.opsUrl}/readyz`)).status).toBe(503);
    releaseSlow();
    const response = await inFlight;
    expect(await response.json()).toEqual({ success: true, finished: true });
    await closing;
    await expect(fetch(`${running.url}/echo`)).rejects.toThrow();
    await expect(fetch(`${running.opsUrl}/healthz`)).rejects.toThrow();
  });
});
