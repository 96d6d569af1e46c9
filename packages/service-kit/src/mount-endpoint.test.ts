// mountEndpoint over real HTTP: access and the handler's caller from the definition, the definition's own body
// limit, the raw body only where asked, validation in the schema's words, typed input, and `success: true` added.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, endpoint, successReply } from '@act/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJwtVerifier } from './auth';
import { createHttpApp } from './http-app';
import { Router } from './index';
import { mountEndpoint } from './mount-endpoint';
import type { RunningServer } from './server';
import {
  TEST_JWT_AUDIENCE as audience,
  TEST_JWT_ISSUER as issuer,
  silentLogger,
  startTestJwks,
  startTestService,
  type TestJwks,
} from './testing';

const EchoSchema = z.object({
  text: z.string({ error: 'Text is required' }).min(1, { error: 'Text is required' }),
});
const EchoReplySchema = successReply({ text: z.string(), caller: z.string(), raw: z.boolean() });
const ENDPOINTS = {
  open: endpoint({
    method: 'POST',
    path: '/open',
    access: 'public',
    request: EchoSchema,
    reply: EchoReplySchema,
  }),
  guest: endpoint({
    method: 'POST',
    path: '/guest',
    access: 'guest',
    request: EchoSchema,
    reply: EchoReplySchema,
  }),
  member: endpoint({
    method: 'POST',
    path: '/member',
    access: 'member',
    request: EchoSchema,
    reply: EchoReplySchema,
  }),
  staff: endpoint({
    method: 'POST',
    path: '/staff',
    access: 'support',
    request: EchoSchema,
    reply: EchoReplySchema,
  }),
  raw: endpoint({ method: 'POST', path: '/raw', access: 'public', rawBody: true, bodyLimit: 'webhook' }),
  item: endpoint({
    method: 'DELETE',
    path: '/items/:id',
    access: 'public',
    params: z.object({ id: z.uuid({ error: 'Not found' }) }),
  }),
  // Loose schemas on purpose: the NUL refusal must not depend on what a definition's schema checks.
  search: endpoint({
    method: 'GET',
    path: '/search/:term',
    access: 'public',
    params: z.object({ term: z.string() }),
    request: z.object({ q: z.string().optional() }),
  }),
  nested: endpoint({ method: 'POST', path: '/nested', access: 'public', request: z.looseObject({}) }),
} as const;

let jwks: TestJwks;
/** Calls that reached a handler of the NUL cases. */
let handled = 0;
let server: RunningServer;

beforeAll(async () => {
  jwks = await startTestJwks();
  const verifier = createJwtVerifier({ jwksUrl: jwks.url, issuer, audience });
  const app = createHttpApp({ name: 'mount-test', logger: silentLogger(), bodyLimit: false });
  const router = new Router();
  for (const definition of [ENDPOINTS.open, ENDPOINTS.guest, ENDPOINTS.member, ENDPOINTS.staff]) {
    mountEndpoint(router, definition, { verifier }, async (input, { caller, ctx }) => ({
      text: input.text,
      caller: caller ? (caller.userId ?? `guest ${caller.guestIp ?? '?'}`) : 'nobody',
      raw: 'rawBody' in ctx.request,
    }));
  }
  mountEndpoint(router, ENDPOINTS.raw, {}, async (_input, { ctx }) => ({
    raw: (ctx.request as { rawBody?: string }).rawBody,
  }));
  mountEndpoint(router, ENDPOINTS.item, {}, async (_input, { params }) => ({ deleted: params.id }));
  mountEndpoint(router, ENDPOINTS.search, {}, async (query, { params }) => {
    handled += 1;
    return { term: params.term, q: query.q };
  });
  mountEndpoint(router, ENDPOINTS.nested, {}, async () => {
    handled += 1;
    return { ok: true };
  });
  app.use(router.routes()).use(router.allowedMethods());
  server = await startTestService(app);
});
afterAll(async () => {
  await server.close();
  await jwks.close();
});

async function call(
  path: string,
  init: { body?: string; token?: string; method?: string; ip?: string } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.ip ? { 'x-client-ip': init.ip } : {}),
    },
    body: init.body,
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown };
}

describe('mountEndpoint', () => {
  it('derives access from the definition: member needs a token, guest takes one or none, public needs none', async () => {
    const userId = randomUUID();
    const token = await jwks.tokenFor(userId);
    const body = JSON.stringify({ text: 'hi' });
    expect((await call('/member', { body })).status).toBe(401);
    expect((await call('/member', { body, token })).body).toEqual({
      success: true,
      text: 'hi',
      caller: userId,
      raw: false,
    });
    // The caller: the member on a guest endpoint too; a guest by the IP the gateway vouched for; nobody when public.
    expect((await call('/guest', { body, token })).body).toMatchObject({ caller: userId });
    expect((await call('/guest', { body, ip: '203.0.113.7' })).body).toMatchObject({
      caller: 'guest 203.0.113.7',
    });
    expect((await call('/guest', { body, token: 'not-a-token' })).status).toBe(401);
    expect((await call('/open', { body, token })).body).toMatchObject({ caller: 'nobody' });
  });

  it('lets only a token with the support role call a support endpoint: 401 without a token, 403 without the role', async () => {
    const userId = randomUUID();
    const body = JSON.stringify({ text: 'hi' });
    expect((await call('/staff', { body })).status).toBe(401);
    const member = await call('/staff', { body, token: await jwks.tokenFor(userId) });
    expect(member).toMatchObject({ status: 403, body: { success: false, code: 'FORBIDDEN' } });
    const staff = await call('/staff', { body, token: await jwks.tokenFor(userId, { roles: ['support'] }) });
    expect(staff.body).toMatchObject({ success: true, caller: userId });
  });

  it("answers a bad request with the schema's text and never calls the handler", async () => {
    expect(await call('/open', { body: JSON.stringify({}) })).toMatchObject({
      status: 400,
      body: { success: false, error: 'Text is required' },
    });
    expect((await call('/items/not-a-uuid', { method: 'DELETE' })).body).toMatchObject({
      error: 'Not found',
    });
    const id = randomUUID();
    expect((await call(`/items/${id}`, { method: 'DELETE' })).body).toEqual({ deleted: id });
  });

  it('refuses U+0000 in any body field, object key, query value or path parameter before the handler runs', async () => {
    const token = await jwks.tokenFor(randomUUID());
    const refused = {
      status: 400,
      body: { success: false, error: ERROR_TEXTS.validation.nulCharacter, code: 'VALIDATION_FAILED' },
    };
    expect(await call('/member', { body: JSON.stringify({ text: 'a\u0000b' }), token })).toMatchObject({
      ...refused,
      body: { ...refused.body, field: 'text' },
    });
    expect(await call('/member', { body: JSON.stringify({ text: 'a\u0000b' }) })).toMatchObject({
      status: 401,
    });
    const deep = { list: [{ ok: 'fine' }, { inner: { deeper: ['x', 'nul \u0000 here'] } }] };
    expect(await call('/nested', { body: JSON.stringify(deep) })).toMatchObject({
      ...refused,
      body: { ...refused.body, field: 'list.1.inner.deeper.1' },
    });
    expect(await call('/nested', { body: JSON.stringify({ 'k\u0000': 1 }) })).toMatchObject(refused);
    expect(await call('/search/term?q=a%00b', { method: 'GET' })).toMatchObject(refused);
    expect(await call('/search/a%00b', { method: 'GET' })).toMatchObject(refused);
    expect(handled).toBe(0);
    // Everything else a member may type passes: other controls, zero-width and direction marks, emoji.
    const text = 'tab\t bell\u0007 zwj\u200d rtl\u202e 👩‍👩‍👧';
    expect(
      await call(`/search/${encodeURIComponent(text)}?q=${encodeURIComponent(text)}`, { method: 'GET' }),
    ).toEqual({
      status: 200,
      body: { term: text, q: text },
    });
    expect(await call('/nested', { body: JSON.stringify({ text }) })).toEqual({
      status: 200,
      body: { ok: true },
    });
    // A deeply nested body is walked without overflowing the stack.
    const nestedDeep = `${'['.repeat(20_000)}"\u0000"${']'.repeat(20_000)}`;
    expect((await call('/nested', { body: `{"a":${nestedDeep}}` })).status).toBe(400);
  });

  it('limits each body by its own definition and keeps the raw text only where the definition asks', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(100 * 1024) });
    expect((await call('/open', { body: big })).status).toBe(413);
    // The webhook class (256 KiB) takes what the plain JSON class (64 KiB) refuses, and keeps it raw.
    expect(await call('/raw', { body: big })).toEqual({ status: 200, body: { raw: big } });
  });
});
