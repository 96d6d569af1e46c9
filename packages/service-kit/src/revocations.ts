// Access-token revocations (sign-out, password change or reset): the in-memory list the JWT verifier consults after
// every signature check, and the watcher that keeps it in step with identity over NATS. Identity publishes each
// revocation on `tokenRevoked` and answers `tokenRevocations` with the ones still in force; the watcher subscribes
// first, then asks for the list (at start, after every reconnect, and every minute as a safety net; after a failure,
// again with jittered back-off until it comes), so a gateway or service that starts late or lost NATS for a while
// catches up. While NATS is away the last known list keeps
// applying: requests are still served, and a token revoked meanwhile is refused once the link is back.
import { RequestError, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import {
  natsNames,
  TokenRevocationSchema,
  TokenRevocationsReplySchema,
  type TokenRevocation,
} from '@act/contracts/server';
import type { Logger } from './logger';
import { retryWithJitter } from './retry-with-jitter';

/** What the verifier knows of a token once its signature checked out. */
export interface RevocableToken {
  userId: string;
  /** The session family (`sid` claim); tokens issued before the claim existed have none. */
  sessionId?: string;
  /** `iat` in milliseconds (identity signs it with millisecond precision). */
  issuedAtMs: number;
}

export interface RevocationList {
  isRevoked(token: RevocableToken): boolean;
  apply(revocation: TokenRevocation): void;
  /** Entries held (some may have expired and not been dropped yet). */
  size(): number;
}

export interface RevocationListOptions {
  /**
   * Most entries held. An entry lives at most one access-token lifetime (15 min), so this is reached only by a
   * flood of sign-outs; then the entry expiring soonest goes first (it protects the shortest time). ~100 bytes each.
   */
  maxEntries?: number;
  now?: () => number;
}

const DEFAULT_MAX_ENTRIES = 200_000;

export function createRevocationList(options: RevocationListOptions = {}): RevocationList {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Both keyed by id, each with the instant the entry stops mattering.
  const sessions = new Map<string, { expiresAtMs: number }>();
  const users = new Map<string, { notBeforeMs: number; expiresAtMs: number }>();
  const size = () => sessions.size + users.size;

  const dropExpired = (at: number) => {
    for (const map of [sessions, users] as const) {
      for (const [key, entry] of map) if (entry.expiresAtMs <= at) map.delete(key);
    }
  };
  const dropSoonestExpiring = () => {
    let soonest: { map: Map<string, { expiresAtMs: number }>; key: string; at: number } | undefined;
    for (const map of [sessions, users] as const) {
      for (const [key, entry] of map) {
        if (!soonest || entry.expiresAtMs < soonest.at) soonest = { map, key, at: entry.expiresAtMs };
      }
    }
    soonest?.map.delete(soonest.key);
  };

  return {
    size,
    apply(revocation) {
      const at = now();
      const expiresAtMs = Date.parse(revocation.expiresAt);
      if (!(expiresAtMs > at)) return;
      if (revocation.kind === 'session') {
        sessions.set(revocation.sid, {
          expiresAtMs: Math.max(expiresAtMs, sessions.get(revocation.sid)?.expiresAtMs ?? 0),
        });
      } else {
        const held = users.get(revocation.userId);
        users.set(revocation.userId, {
          notBeforeMs: Math.max(Date.parse(revocation.notBefore), held?.notBeforeMs ?? 0),
          expiresAtMs: Math.max(expiresAtMs, held?.expiresAtMs ?? 0),
        });
      }
      if (size() > maxEntries) dropExpired(at);
      while (size() > maxEntries) dropSoonestExpiring();
    },
    isRevoked({ userId, sessionId, issuedAtMs }) {
      const at = now();
      if (sessionId !== undefined) {
        const session = sessions.get(sessionId);
        if (session && session.expiresAtMs > at) return true;
        if (session) sessions.delete(sessionId);
      }
      const user = users.get(userId);
      if (user && user.expiresAtMs > at) return issuedAtMs < user.notBeforeMs;
      if (user) users.delete(userId);
      return false;
    },
  };
}

export interface RevocationWatcherOptions {
  nc: NatsConnection;
  /** NATS_NAMESPACE. */
  namespace?: string;
  /** The list to keep in step; a new one by default. */
  list?: RevocationList;
  logger: Logger;
  /** How often the whole list is fetched again even without a reconnect (default 60 s). */
  resyncIntervalMs?: number;
  /** Timeout of one list request (default 2 s). */
  requestTimeoutMs?: number;
}

export interface RevocationWatcher {
  list: RevocationList;
  /**
   * Fetches the list now, or joins the sync already running (one at a time); true when every page arrived. A failed
   * sync goes on in the background, with jittered back-off, until the list comes.
   */
  sync(): Promise<boolean>;
  /** When the list was last fetched whole (ms since epoch), undefined before the first success. */
  lastSyncedAt(): number | undefined;
  stop(): void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A list is paged; more pages than this in one sync means something is wrong on the answering side. */
const MAX_PAGES = 1_000;

interface ListSyncOptions {
  nc: NatsConnection;
  subject: string;
  list: RevocationList;
  logger: Logger;
  requestTimeoutMs: number;
  signal: AbortSignal;
}

/** Fetches the whole list, page by page, into `list`; a failed fetch is tried again with jittered back-off. */
function createListSync({ nc, subject, list, logger, requestTimeoutMs, signal }: ListSyncOptions) {
  let lastSyncedAt: number | undefined;
  // Set while a sync runs (its attempts until one succeeds): the first attempt's outcome.
  let syncing: Promise<boolean> | undefined;

  const fetchAll = async (): Promise<void> => {
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const reply = await nc.request(subject, JSON.stringify(after ? { after } : {}), {
        timeout: requestTimeoutMs,
      });
      const parsed = TokenRevocationsReplySchema.parse(safeJson(reply.data));
      for (const revocation of parsed.revocations) list.apply(revocation);
      if (!parsed.next) {
        lastSyncedAt = Date.now();
        return;
      }
      after = parsed.next;
    }
    throw new Error('revocation list did not end');
  };
  const reportFailure = (error: unknown, attempt: number) => {
    if (signal.aborted) return;
    // No responders: identity is not up yet (every service starts at once) or is restarting. Expected, and retried,
    // so said in one line; anything else is worth a stack.
    if (error instanceof RequestError && error.isNoResponders()) {
      logger.info({ attempt }, 'identity does not answer for the token revocation list yet; retrying');
    } else {
      logger.warn(
        { err: error, attempt },
        'could not fetch the token revocation list; keeping the last known one',
      );
    }
  };
  const sync = (): Promise<boolean> => {
    if (signal.aborted) return Promise.resolve(false);
    if (syncing) return syncing;
    let firstOutcome: (synced: boolean) => void = () => undefined;
    const first = new Promise<boolean>((resolve) => (firstOutcome = resolve));
    syncing = first;
    const retrying = retryWithJitter(fetchAll, {
      firstDelayMs: FIRST_RETRY_MS,
      maxDelayMs: MAX_RETRY_MS,
      onRetry: (error, attempt) => {
        firstOutcome(false);
        reportFailure(error, attempt);
      },
      signal,
      unref: true,
    });
    void retrying
      .then(
        () => firstOutcome(true),
        () => firstOutcome(false),
      )
      .finally(() => (syncing = undefined));
    return first;
  };
  return { sync, lastSyncedAt: () => lastSyncedAt };
}

/**
 * Subscribes to revocations, then syncs the list once before resolving (failure is logged and retried in the
 * background with jittered back-off, never thrown: a missing identity must not stop a gateway or service from
 * starting).
 */
export async function startRevocationWatcher(options: RevocationWatcherOptions): Promise<RevocationWatcher> {
  const { nc, logger } = options;
  const list = options.list ?? createRevocationList();
  const names = natsNames(options.namespace);
  const stopper = new AbortController();
  const { sync, lastSyncedAt } = createListSync({
    nc,
    subject: names.tokenRevocations,
    list,
    logger,
    requestTimeoutMs: options.requestTimeoutMs ?? 2_000,
    signal: stopper.signal,
  });

  const subscription: Subscription = nc.subscribe(names.tokenRevoked, {
    callback: (error, message) => {
      if (error) {
        logger.warn({ err: error }, 'token revocation subscription failed');
        return;
      }
      const parsed = TokenRevocationSchema.safeParse(safeJson(message.data));
      if (parsed.success) list.apply(parsed.data);
      else logger.warn({ subject: message.subject }, 'malformed token revocation ignored');
    },
  });

  // Revocations published while the connection was down were missed: fetch the list again on every reconnect.
  void (async () => {
    for await (const status of nc.status()) {
      if (stopper.signal.aborted) return;
      if (status.type === 'reconnect') void sync();
    }
  })();
  const interval = setInterval(() => void sync(), options.resyncIntervalMs ?? 60_000);
  interval.unref();

  // The subscription is known to the server before the list is asked for, so nothing falls in between.
  try {
    await nc.flush();
  } catch {
    // Not connected yet: the sync below fails and is retried.
  }
  await sync();

  return {
    list,
    sync,
    lastSyncedAt,
    stop() {
      stopper.abort();
      clearInterval(interval);
      if (!subscription.isClosed()) subscription.unsubscribe();
    },
  };
}

function safeJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    return undefined;
  }
}
