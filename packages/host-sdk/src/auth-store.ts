// The member's sign-in (the auth session) in the browser (docs/product-rules.md#entities, #states): the access token
// lives only in memory, the refresh token only in the httpOnly cookie. Restores the sign-in from the cookie, signs
// in/up/out, and refreshes automatically when fewer than 3 ticks of 30 s remain before expiry, retrying retryable
// failures with backoff (200 ms doubling, each wait times a random factor in [1, 2), within 30 s): after an identity
// outage every member's browser would otherwise retry in step. Jittered here by hand, not with p-retry: the give-up
// rule (no wait that would pass 30 s, then keep a still-valid token) reads the store's injectable clock, while
// p-retry draws its wait internally and measures its time limit on performance.now().
//
// Tabs of one browser share the refresh cookie, and identity rotates the refresh token on every use. So a refresh is
// serialised across tabs with the Web Locks API (`act-auth-refresh`; one in-tab request when the browser has no
// locks), the tab that refreshed hands the new session to the others over a BroadcastChannel, and a tab that waited
// for the lock skips its own call when another tab refreshed meanwhile. Identity's grace window (a just-rotated
// token still gets its successor for a few seconds) keeps a tab that refreshes anyway signed in.
import {
  API_ROUTES,
  ERROR_TEXTS,
  ErrorCode,
  LIMITS,
  SESSION_HINT_STORAGE_KEY,
  SessionReplySchema,
  type Session,
  type SessionUser,
} from '@act/contracts';
import { ApiError, apiErrorFromReply } from './api-error';
import { createStore, type Store } from './store';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Session events (docs/product-rules.md#states); password recovery happens on the identity pages, not here. */
export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  user: SessionUser | null;
}

/** The part of the Web Locks API used here (`navigator.locks`). */
export interface RefreshLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The part of BroadcastChannel used here. */
export interface AuthChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface AuthStoreOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
  /** Cross-tab refresh lock; `navigator.locks` by default, null for one in-tab request only. */
  locks?: RefreshLocks | null;
  /** Channel to the other tabs; a BroadcastChannel named `act-auth` by default, null for none. */
  channel?: AuthChannel | null;
  /**
   * Where a tab notes that it refreshed (a time and a random tag, never a token), read by a tab that waited for
   * the lock, and whether the browser holds a session (SESSION_HINT_STORAGE_KEY, '1' or '0'); `localStorage` by
   * default.
   */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** A number in [0, 1) that spreads the refresh retries' waits; `Math.random` by default, injectable for tests. */
  random?: () => number;
}

export const AUTH_REFRESH_LOCK = 'act-auth-refresh';
const AUTH_CHANNEL = 'act-auth';
const REFRESH_MARK_KEY = 'act-auth-refreshed';
/** How long a tab that saw another tab's refresh mark waits for its session before refreshing itself. */
const SHARED_SESSION_WAIT_MS = 1_000;

interface RefreshedMessage {
  type: 'refreshed';
  session: Session;
}

function isRefreshedMessage(data: unknown): data is RefreshedMessage {
  const message = data as Partial<RefreshedMessage> | null;
  return message?.type === 'refreshed' && typeof message.session?.access_token === 'string';
}

function defaultLocks(): RefreshLocks | null {
  const locks = (globalThis.navigator as Partial<Navigator> | undefined)?.locks;
  if (!locks) return null;
  return {
    // The lock's promise settles with what the callback's promise settles with; lib.dom types it one level deep.
    request: <T>(name: string, callback: () => Promise<T>) =>
      locks.request(name, callback) as unknown as Promise<T>,
  };
}

function defaultChannel(): AuthChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL) : null;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off by the browser's privacy settings; the lock alone still serialises refreshes.
    return null;
  }
}

export interface AuthStore extends Pick<Store<AuthState>, 'getState' | 'subscribe'> {
  /** Restores the session from the refresh cookie once; later calls return the same promise. */
  initialize(): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  signIn(email: string, password: string): Promise<void>;
  /** Ends the session on the server (revokes the refresh token) and locally, whatever the server says. */
  signOut(): Promise<void>;
  /** Exchanges the refresh cookie for a new access token; concurrent callers share one request. */
  refresh(): Promise<string | null>;
  /** The access token, refreshed first when it is within the refresh margin. */
  getAccessToken(): Promise<string | null>;
  onAuthEvent(listener: (event: AuthEvent, state: AuthState) => void): () => void;
  /** Starts the 30 s ticker that keeps the token fresh; returns a stop function. */
  startAutoRefresh(): () => void;
}

const { tickMs, marginTicks, backoffStartMs, backoffFactor, backoffMaxTotalMs } = LIMITS.refresh;
const REFRESH_MARGIN_MS = tickMs * marginTicks;

/**
 * 502/503/504 and network failures are worth retrying (docs/product-rules.md#errors "retryable fetch"); anything else
 * is final.
 */
function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createAuthStore(options: AuthStoreOptions = {}): AuthStore {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const store = createStore<AuthState>({ status: 'loading', session: null, user: null });
  const eventListeners = new Set<(event: AuthEvent, state: AuthState) => void>();
  let initializing: Promise<void> | null = null;
  let refreshing: Promise<string | null> | null = null;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  // Without locks there is nothing to coordinate: each tab refreshes on its own, as before.
  const channel = !locks ? null : options.channel === undefined ? defaultChannel() : options.channel;
  const storage = !locks ? null : options.storage === undefined ? defaultStorage() : options.storage;
  const sharedSessionWaiters = new Set<() => void>();

  // The session hint (docs/architecture.md#session-hint): the landing page, which does not load this store for
  // visitors, reads it to know whether to restore a session and show Account instead of Sign In.
  const hintStorage = options.storage === undefined ? defaultStorage() : options.storage;
  let hinted: AuthStatus = 'loading';
  store.subscribe(() => {
    const { status } = store.getState();
    if (status === hinted || status === 'loading') return;
    hinted = status;
    try {
      hintStorage?.setItem(SESSION_HINT_STORAGE_KEY, status === 'authenticated' ? '1' : '0');
    } catch {
      // Best effort: without it the landing page shows Sign In, which the auth page then resolves.
    }
  });

  channel?.addEventListener('message', (event) => {
    if (isRefreshedMessage(event.data)) adoptSharedSession(event.data.session);
  });

  /** A session another tab got from the same cookie; taken when it is newer and for the same member. */
  function adoptSharedSession(session: Session): void {
    const state = store.getState();
    if (state.status === 'unauthenticated') return;
    if (state.user && state.user.id !== session.user.id) return;
    // Never trade for an older token (expiry is in whole seconds, so an equal one may still be the newer).
    const current = state.session;
    if (
      current &&
      (current.access_token === session.access_token || current.expires_at > session.expires_at)
    ) {
      return;
    }
    const wasSignedIn = state.status === 'authenticated';
    setSession(session);
    emit(wasSignedIn ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
    for (const wake of [...sharedSessionWaiters]) wake();
  }

  function readRefreshMark(): string | null {
    try {
      return storage?.getItem(REFRESH_MARK_KEY) ?? null;
    } catch {
      return null;
    }
  }

  function writeRefreshMark(): void {
    try {
      storage?.setItem(REFRESH_MARK_KEY, `${now()}-${Math.random().toString(36).slice(2)}`);
    } catch {
      // Best effort: the other tab then refreshes itself, which identity's grace window allows.
    }
  }

  /** Resolves once a shared session arrives, or after `ms`. */
  function waitForSharedSession(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sharedSessionWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sharedSessionWaiters.add(done);
    });
  }

  function emit(event: AuthEvent): void {
    const state = store.getState();
    for (const listener of [...eventListeners]) listener(event, state);
  }

  function setSession(session: Session | null): void {
    store.setState(
      session
        ? { status: 'authenticated', session, user: session.user }
        : { status: 'unauthenticated', session: null, user: null },
    );
  }

  async function postSession(path: string, body: unknown, fallbackError: string): Promise<Session> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        // The refresh cookie is set and read by identity; the browser must send and store it.
        credentials: 'include',
      });
    } catch {
      throw new ApiError(fallbackError, ErrorCode.SERVICE_UNAVAILABLE, 0);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    if (!response.ok) throw apiErrorFromReply(response.status, json, fallbackError);
    const parsed = SessionReplySchema.safeParse(json);
    if (!parsed.success) throw new ApiError(fallbackError, ErrorCode.INTERNAL, response.status);
    return parsed.data.session;
  }

  /** One refresh attempt chain with backoff; resolves to the new token, or null when the session is gone. */
  async function refreshWithBackoff(): Promise<string | null> {
    const startedAt = now();
    let step = backoffStartMs;
    for (;;) {
      try {
        const session = await postSession(
          `${API_ROUTES.identity.token}?grant_type=refresh_token`,
          { grant_type: 'refresh_token' },
          ERROR_TEXTS.auth.sessionMissing,
        );
        const wasSignedIn = store.getState().status === 'authenticated';
        setSession(session);
        emit(wasSignedIn ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
        writeRefreshMark();
        channel?.postMessage({ type: 'refreshed', session } satisfies RefreshedMessage);
        return session.access_token;
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        if (!isRetryableStatus(status)) {
          // Revoked, expired or reused refresh token: the session is over (docs/product-rules.md#states).
          const wasSignedIn = store.getState().status === 'authenticated';
          setSession(null);
          if (wasSignedIn) emit('SIGNED_OUT');
          return null;
        }
        const delay = Math.round(step * (1 + random()));
        if (now() - startedAt + delay > backoffMaxTotalMs) {
          // Out of retry budget: keep a still-valid token and try again on the next tick.
          const current = store.getState().session;
          if (current && current.expires_at * 1000 > now()) return current.access_token;
          if (store.getState().status === 'loading') setSession(null);
          return null;
        }
        await sleep(delay);
        step *= backoffFactor;
      }
    }
  }

  /** The access token when it changed since `before` and is not due for refresh, else null. */
  function freshTokenSince(before: string | null): string | null {
    const { session } = store.getState();
    return session && session.access_token !== before && !needsRefresh(session) ? session.access_token : null;
  }

  /** One refresh across the browser's tabs: under the lock, and skipped when another tab refreshed meanwhile. */
  function refreshAcrossTabs(activeLocks: RefreshLocks): Promise<string | null> {
    const before = store.getState().session?.access_token ?? null;
    const markBefore = readRefreshMark();
    return activeLocks.request(AUTH_REFRESH_LOCK, async () => {
      const shared = freshTokenSince(before);
      if (shared) return shared;
      if (readRefreshMark() !== markBefore) {
        // Another tab refreshed while this one waited; its session is on the way over the channel.
        await waitForSharedSession(SHARED_SESSION_WAIT_MS);
        const arrived = freshTokenSince(before);
        if (arrived) return arrived;
      }
      return refreshWithBackoff();
    });
  }

  function refresh(): Promise<string | null> {
    refreshing ??= (locks ? refreshAcrossTabs(locks) : refreshWithBackoff()).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function needsRefresh(session: Session): boolean {
    return session.expires_at * 1000 - now() < REFRESH_MARGIN_MS;
  }

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    initialize() {
      initializing ??= (async () => {
        if (store.getState().status !== 'loading') return;
        await refresh();
        if (store.getState().status === 'loading') setSession(null);
        emit('INITIAL_SESSION');
      })();
      return initializing;
    },

    async signUp(email, password) {
      const session = await postSession(
        API_ROUTES.identity.signup,
        { email, password },
        ERROR_TEXTS.auth.failedToCreateUser,
      );
      setSession(session);
      emit('SIGNED_IN');
    },

    async signIn(email, password) {
      const session = await postSession(
        `${API_ROUTES.identity.token}?grant_type=password`,
        { grant_type: 'password', email, password },
        ERROR_TEXTS.auth.failedToSignIn,
      );
      setSession(session);
      emit('SIGNED_IN');
    },

    async signOut() {
      const token = store.getState().session?.access_token;
      try {
        const response = await doFetch(`${baseUrl}${API_ROUTES.identity.logout}`, {
          method: 'POST',
          headers: token ? { authorization: `Bearer ${token}` } : {},
          credentials: 'include',
        });
        // Read the (tiny) reply so the browser can close out the request instead of holding it half-read.
        await response.text();
      } catch {
        // Signing out locally must work offline too; the server side expires with the refresh token.
      }
      setSession(null);
      emit('SIGNED_OUT');
    },

    refresh,

    async getAccessToken() {
      const { session } = store.getState();
      if (!session) return null;
      if (needsRefresh(session)) return refresh();
      return session.access_token;
    },

    onAuthEvent(listener) {
      eventListeners.add(listener);
      return () => {
        eventListeners.delete(listener);
      };
    },

    startAutoRefresh() {
      const tick = () => {
        const { session } = store.getState();
        if (session && needsRefresh(session)) void refresh();
      };
      tick();
      const timer = setInterval(tick, tickMs);
      return () => clearInterval(timer);
    },
  };
}
