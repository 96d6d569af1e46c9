import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_STORAGE_KEY } from '@act/contracts';
import { createAuthStore, type AuthChannel, type RefreshLocks } from './auth-store';
import { createFakeFetch, json } from './test-support/fake-fetch';
import { makeSession } from './test-support/factories';

const TOKEN = 'POST /api/identity/token';

/** The gaps between a signed-in store's refresh attempts while identity answers 503 three times, then a session. */
async function refreshGaps(random: () => number): Promise<number[]> {
  const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: makeSession() }) });
  const store = createAuthStore({ fetch: fake.fetch, random });
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
  await vi.advanceTimersByTimeAsync(5_000);
  await expect(result).resolves.toMatch(/^token-/);
  expect(store.getState().status).toBe('authenticated');
  return times.slice(1).map((t, i) => t - times[i]!);
}

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
    // Storage holds only the signed-in note (docs/architecture.md#session-hint), never a token.
    const stored = Object.keys(window.localStorage);
    expect(stored).toEqual([SESSION_HINT_STORAGE_KEY]);
    expect(window.localStorage.getItem(SESSION_HINT_STORAGE_KEY)).toBe('1');
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

  it('retries retryable failures with backoff from 200 ms, doubling (no jitter when the random factor is 0)', async () => {
    expect(await refreshGaps(() => 0)).toEqual([200, 400, 800]);
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

  it('spreads the retries of browsers failing together: each wait is its step times a factor in [1, 2)', async () => {
    const sequence = (values: number[]) => () => values.shift() ?? 0;
    const first = await refreshGaps(sequence([0.1, 0.7, 0.4]));
    const second = await refreshGaps(sequence([0.9, 0.2, 0.6]));
    expect(first).toEqual([220, 680, 1_120]);
    expect(second).toEqual([380, 480, 1_280]);
    // With the browser's own Math.random, every gap stays within its step and twice its step.
    const real = await refreshGaps(Math.random);
    [200, 400, 800].forEach((step, i) => {
      expect(real[i]).toBeGreaterThanOrEqual(step);
      expect(real[i]).toBeLessThanOrEqual(2 * step);
    });
  });

  it('gives up retrying within 30 s and keeps a still-valid token', async () => {
    const fake = createFakeFetch({ [TOKEN]: () => json({ success: true, session: makeSession() }) });
    const store = createAuthStore({ fetch: fake.fetch, random: () => 0 });
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

  it('notes in storage whether the browser is signed in, never the token', async () => {
    const session = makeSession();
    const fake = createFakeFetch({
      [TOKEN]: () => json({ success: true, session }),
      'POST /api/identity/logout': () => json({ success: true }),
    });
    const storage = createSharedStorage();
    const store = createAuthStore({ fetch: fake.fetch, locks: null, storage });
    expect(storage.getItem(SESSION_HINT_STORAGE_KEY)).toBeNull();
    await store.signIn('maya@example.com', 'secret1');
    expect(storage.getItem(SESSION_HINT_STORAGE_KEY)).toBe('1');
    await store.signOut();
    expect(storage.getItem(SESSION_HINT_STORAGE_KEY)).toBe('0');
    expect(JSON.stringify(storage.dump())).not.toContain(session.access_token);

    // A stale note (the cookie expired meanwhile) is corrected by the first restore.
    storage.setItem(SESSION_HINT_STORAGE_KEY, '1');
    const expired = createAuthStore({
      fetch: createFakeFetch({
        [TOKEN]: () => json({ success: false, error: 'Auth session missing', code: 'UNAUTHENTICATED' }, 401),
      }).fetch,
      locks: null,
      storage,
    });
    await expired.initialize();
    expect(storage.getItem(SESSION_HINT_STORAGE_KEY)).toBe('0');
  });
});

/** Web Locks as one browser grants them: one holder per name, the others queued in order. */
function createLocks(): RefreshLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const result = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(
        name,
        result.catch(() => undefined),
      );
      return result;
    },
  };
}

/** A BroadcastChannel between tabs: delivered later, never to the sender. */
function createChannelHub() {
  const members = new Set<(event: { data: unknown }) => void>();
  return {
    join(): AuthChannel {
      let own: ((event: { data: unknown }) => void) | undefined;
      return {
        addEventListener(_type, listener) {
          own = listener;
          members.add(listener);
        },
        postMessage(message) {
          const data = structuredClone(message);
          for (const member of members) if (member !== own) setTimeout(() => member({ data }), 5);
        },
      };
    },
  };
}

function createSharedStorage(): Pick<Storage, 'getItem' | 'setItem'> & { dump(): Record<string, string> } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    dump: () => Object.fromEntries(values),
  };
}

describe('refreshing across tabs', () => {
  /** Identity behind one cookie jar: the password grant signs in, each refresh hands out a new session. */
  function identity() {
    const fake = createFakeFetch({
      [TOKEN]: () => json({ success: true, session: makeSession() }),
    });
    const refreshCalls = () =>
      fake.requests.filter((r) => (r.body as { grant_type?: string }).grant_type === 'refresh_token').length;
    return { fake, refreshCalls };
  }

  async function twoTabs(shared: { locks: RefreshLocks | null }) {
    const { fake, refreshCalls } = identity();
    const hub = createChannelHub();
    const storage = createSharedStorage();
    const tab = () =>
      createAuthStore({
        fetch: fake.fetch,
        locks: shared.locks,
        channel: hub.join(),
        storage,
      });
    const a = tab();
    const b = tab();
    await a.signIn('maya@example.com', 'secret1');
    await b.signIn('maya@example.com', 'secret1');
    return { a, b, refreshCalls };
  }

  it('makes one refresh call for two tabs refreshing at once, and both hold the new token', async () => {
    const { a, b, refreshCalls } = await twoTabs({ locks: createLocks() });
    const events: string[] = [];
    b.onAuthEvent((event) => events.push(event));
    const [tokenA, tokenB] = await Promise.all([a.refresh(), b.refresh()]);
    expect(refreshCalls()).toBe(1);
    expect(tokenA).not.toBeNull();
    expect(tokenB).toBe(tokenA);
    expect(a.getState().status).toBe('authenticated');
    expect(b.getState().status).toBe('authenticated');
    expect(events).toEqual(['TOKEN_REFRESHED']);
  });

  it('refreshes in the second tab too when the first one refreshed before it asked', async () => {
    const { a, b, refreshCalls } = await twoTabs({ locks: createLocks() });
    const first = await a.refresh();
    // The first tab's session reached the second one; a refresh asked for afterwards is a new refresh.
    await vi.waitFor(() => expect(b.getState().session?.access_token).toBe(first));
    const second = await b.refresh();
    expect(second).not.toBe(first);
    expect(refreshCalls()).toBe(2);
  });

  it('without Web Locks, concurrent callers in one tab still share one request', async () => {
    const { a, refreshCalls } = await twoTabs({ locks: null });
    const [one, two] = await Promise.all([a.refresh(), a.refresh()]);
    expect(one).toBe(two);
    expect(refreshCalls()).toBe(1);
  });

  it("ignores another member's session and does not sign a signed-out tab back in", async () => {
    const hub = createChannelHub();
    const { fake } = identity();
    const tab = createAuthStore({
      fetch: fake.fetch,
      locks: createLocks(),
      channel: hub.join(),
      storage: null,
    });
    const other = hub.join();
    other.addEventListener('message', () => undefined);
    await tab.signIn('maya@example.com', 'secret1');
    const mine = tab.getState().session!.access_token;
    const stranger = makeSession({
      user: { ...makeSession().user, id: '0b4f5c1e-8d2a-4f6b-9a7c-3e1d2c4b5a69' },
    });
    other.postMessage({ type: 'refreshed', session: { ...stranger, expires_at: stranger.expires_at + 60 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tab.getState().session!.access_token).toBe(mine);
    await tab.signOut();
    other.postMessage({ type: 'refreshed', session: makeSession({ expires_at: Date.now() / 1000 + 2000 }) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tab.getState().status).toBe('unauthenticated');
  });
});
