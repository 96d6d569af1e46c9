import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createFakeFetch, json } from './test-support/fake-fetch';

function clientWith(fake: ReturnType<typeof createFakeFetch>, token = 'old', fresh: string | null = 'new') {
  const refresh = vi.fn(async () => fresh);
  const api = createApiClient({ getAccessToken: async () => token, refresh, fetch: fake.fetch });
  return { api, refresh };
}

describe('createApiClient', () => {
  it('attaches the bearer token and returns the parsed reply', async () => {
    const fake = createFakeFetch({ 'GET /api/thing': () => json({ success: true, value: 3 }) });
    const { api } = clientWith(fake);
    const reply = await api.get('/api/thing', {
      schema: z.object({ success: z.literal(true), value: z.number() }),
    });
    expect(reply.value).toBe(3);
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer old');
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const fake = createFakeFetch({
      'POST /api/thing': (request) =>
        request.headers.authorization === 'Bearer new'
          ? json({ success: true })
          : json({ success: false, error: 'Invalid or expired access token', code: 'UNAUTHENTICATED' }, 401),
    });
    const { api, refresh } = clientWith(fake);
    await expect(api.post('/api/thing', { a: 1 })).resolves.toEqual({ success: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body).toEqual({ a: 1 });
  });

  it('does not loop when the retry is refused again', async () => {
    const fake = createFakeFetch({
      'GET /api/thing': () =>
        json({ success: false, error: 'Authentication required', code: 'UNAUTHENTICATED' }, 401),
    });
    const { api, refresh } = clientWith(fake);
    await expect(api.get('/api/thing')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(2);
  });

  it("shows the server's error text, with its code and the needsSignup flag", async () => {
    const fake = createFakeFetch({
      'POST /api/prompt/x': () =>
        json({ success: false, error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402),
      'POST /api/prompt/y': () =>
        json({ success: false, error: 'Sign up to continue', code: 'NEEDS_SIGNUP', needsSignup: true }, 403),
    });
    const { api } = clientWith(fake);
    const error = await api
      .post('/api/prompt/x', {}, { fallbackError: 'Failed to generate prompt' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
      status: 402,
    });
    const guest = await api.post('/api/prompt/y', {}).catch((e) => e);
    expect(guest).toMatchObject({ needsSignup: true, code: 'NEEDS_SIGNUP' });
  });

  it('falls back to the spec text when the reply carries none', async () => {
    const fake = createFakeFetch({
      'GET /api/thing': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const { api } = clientWith(fake);
    await expect(
      api.get('/api/thing', { fallbackError: 'Failed to fetch usage history' }),
    ).rejects.toMatchObject({
      message: 'Failed to fetch usage history',
      code: 'PROVIDER_FAILED',
      status: 502,
    });
  });

  it('turns a network failure into the fallback text with status 0', async () => {
    const api = createApiClient({
      getAccessToken: async () => null,
      refresh: async () => null,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/api/thing', { fallbackError: 'Failed to generate image' })).rejects.toMatchObject({
      message: 'Failed to generate image',
      status: 0,
    });
  });

  it('treats an unreadable success reply as a failure with the fallback text', async () => {
    const fake = createFakeFetch({ 'GET /api/thing': () => json({ success: true, value: 'three' }) });
    const { api } = clientWith(fake);
    await expect(
      api.get('/api/thing', {
        schema: z.object({ value: z.number() }),
        fallbackError: 'Failed to fetch images',
      }),
    ).rejects.toMatchObject({ message: 'Failed to fetch images' });
  });

  it('sends PATCH with its JSON body (a rename)', async () => {
    const fake = createFakeFetch({ 'PATCH /api/chat/sessions/s1': () => json({ success: true }) });
    const { api } = clientWith(fake);
    await expect(api.patch('/api/chat/sessions/s1', { title: 'Trip' })).resolves.toEqual({ success: true });
    expect(fake.requests[0]).toMatchObject({ method: 'PATCH', body: { title: 'Trip' } });
  });

  it('hands back the raw response of any status after the same one refresh (fetchRaw)', async () => {
    const fake = createFakeFetch({
      'POST /api/raw': (request) =>
        request.headers.authorization === 'Bearer new'
          ? json({ success: false, error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402)
          : json({ success: false, error: 'Authentication required', code: 'UNAUTHENTICATED' }, 401),
    });
    const { api, refresh } = clientWith(fake);
    const response = await api.fetchRaw('POST', '/api/raw', { a: 1 }, { accept: 'text/event-stream' });
    expect(response.status).toBe(402);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests.map((r) => r.headers.accept)).toEqual(['text/event-stream', 'text/event-stream']);
    const offline = createApiClient({
      getAccessToken: async () => null,
      refresh: async () => null,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(
      offline.fetchRaw('GET', '/api/raw', undefined, { fallbackError: 'Offline' }),
    ).rejects.toMatchObject({ message: 'Offline', code: 'SERVICE_UNAVAILABLE', status: 0 });
  });

  it('sends no authorization header for a guest', async () => {
    const fake = createFakeFetch({ 'POST /api/prompt/x': () => json({ success: true }) });
    const api = createApiClient({
      getAccessToken: async () => null,
      refresh: async () => null,
      fetch: fake.fetch,
    });
    await api.post('/api/prompt/x', {});
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });
});
