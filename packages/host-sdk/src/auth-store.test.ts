import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from './auth-store';
import { createFakeFetch, json } from './test-support/fake-fetch';
import { makeSession } from './test-support/factories';

const TOKEN = 'POST /api/identity/token';

describe('createAuthStore', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-01-10T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores the session from the refresh cookie at start', async () => {
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: makeSession() }) });
    const store = createAuthStore({ fetch: fake.fetch });
    expect(store.getState().status).toBe('loading');
    await store.initialize();
    expect(store.getState()).toMatchObject({ status: 'authenticated', user: { email: 'maya@example.com' } });
    const request = fake.requests[0]!;
    expect(request.url).toBe('/api/identity/token?grant_type=refresh_token');
    expect(request.credentials).toBe('include');
  });

  it('is signed out when there is no refresh cookie', async () => {
    const fake = createFakeFetch({
      [TOKEN]: () => json({ success: false, error: 'Auth session missing', code: 'UNAUTHENTICATED' }, 401),
    });
    const store = createAuthStore({ fetch: fake.fetch });
    await store.initialize();
    expect(store.getState()).toEqual({ status: 'unauthenticated', session: null, user: null });
  });

  it('signs in with the password grant and keeps the token in memory only', async () => {
    const session = makeSession();
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session }) });
    const store = createAuthStore({ fetch: fake.fetch });
    await store.signIn('maya@example.com', 'secret1');
    expect(fake.requests[0]!.url).toBe('/api/identity/token?grant_type=password');
    expect(fake.requests[0]!.body).toEqual({
      grant_type: 'password',
      email: 'maya@example.com',
      password: 'secret1',
    });
    await expect(store.getAccessToken()).resolves.toBe(session.access_token);
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it("shows the server's text when sign-up fails", async () => {
    const fake = createFakeFetch({
      'POST /api/identity/signup': () =>
        json({ success: false, error: 'An account with this email already exists', code: 'CONFLICT' }, 409),
    });
    const store = createAuthStore({ fetch: fake.fetch });
    await expect(store.signUp('maya@example.com', 'secret1')).rejects.toThrow(
      'An account with this email already exists',
    );
  });

  it('refreshes automatically when fewer than 3 ticks of 30 s remain', async () => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const first = makeSession({ nowSeconds, expires_at: nowSeconds + 200 });
    const second = makeSession({ nowSeconds: nowSeconds + 120 });
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: first }) });
    const store = createAuthStore({ fetch: fake.fetch });
    await store.signIn('maya@example.com', 'secret1');
    fake.on(TOKEN, () => json({ success: true, session: second }));
    const events: string[] = [];
    store.onAuthEvent((event) => events.push(event));
    const stop = store.startAutoRefresh();

    // 200 s left: more than 90 s, no refresh on the first tick or the next two (170 s, 140 s, 110 s left).
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fake.requests).toHaveLength(1);
    // 80 s left at the fourth tick: refresh.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.url).toContain('grant_type=refresh_token');
    expect(events).toEqual(['TOKEN_REFRESHED']);
    await expect(store.getAccessToken()).resolves.toBe(second.access_token);
    stop();
  });

  it('retries retryable failures with backoff from 200 ms, doubling', async () => {
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: makeSession() }) });
    const store = createAuthStore({ fetch: fake.fetch });
    await store.signIn('maya@example.com', 'secret1');
    let failures = 3;
    const times: number[] = [];
    fake.on(TOKEN, () => {
      times.push(Date.now());
      return failures-- > 0
        ? new Response('', { status: 503 })
        : json({ success: true, session: makeSession() });
    });
    const result = store.refresh();
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toMatch(/^token-/);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps).toEqual([200, 400, 800]);
    expect(store.getState().status).toBe('authenticated');
  });

  it('removes the session on a non-retryable refresh failure', async () => {
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: makeSession() }) });
    const store = createAuthStore({ fetch: fake.fetch });
    await store.signIn('maya@example.com', 'secret1');
    fake.on(TOKEN, () =>
      json({ success: false, error: 'Your session has expired', code: 'UNAUTHENTICATED' }, 401),
    );
    const events: string[] = [];
    store.onAuthEvent((event) => events.push(event));
    await expect(store.refresh()).resolves.toBeNull();
    expect(store.getState().status).toBe('unauthenticated');
    expect(events).toEqual(['SIGNED_OUT']);
  });

  it('gives up retrying within 30 s and keeps a still-valid token', async () => {
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: makeSession() }) });
    const store = createAuthStore({ fetch: fake.fetch });
    await store.signIn('maya@example.com', 'secret1');
    fake.on(TOKEN, () => new Response('', { status: 504 }));
    const result = store.refresh();
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(result).resolves.toMatch(/^token-/);
    // 200 + 400 + ... + 12800 = 25 400 ms of waits; the next (25 600) would pass 30 s.
    expect(fake.requests.length - 1).toBe(8);
    expect(store.getState().status).toBe('authenticated');
  });

  it('shares one refresh request between concurrent callers', async () => {
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: makeSession() }) });
    const store = createAuthStore({ fetch: fake.fetch });
    await Promise.all([store.refresh(), store.refresh(), store.refresh()]);
    expect(fake.requests).toHaveLength(1);
  });

  it('signs out on the server and locally', async () => {
    const fake = createFakeFetch({
      [TOKEN]: () => json({ success: true, session: makeSession() }),
      'POST /api/identity/logout': () => json({ success: true }),
    });
    const store = createAuthStore({ fetch: fake.fetch });
    await store.signIn('maya@example.com', 'secret1');
    await store.signOut();
    expect(fake.requests[1]).toMatchObject({ url: '/api/identity/logout', credentials: 'include' });
    expect(store.getState().status).toBe('unauthenticated');
    await expect(store.getAccessToken()).resolves.toBeNull();
  });
});
