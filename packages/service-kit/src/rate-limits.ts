// Rate limiting shared by the gateway and the services: counters in Redis when REDIS_URL is set (shared by every
// replica), in memory otherwise. If Redis fails, an in-memory limiter takes over rather than letting traffic through
// unlimited. An exhausted limit is the spec's 429 with Retry-After.
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from './errors';
import type { Logger } from './logger';

export type { RateLimiterAbstract };

export interface LimitRule {
  points: number;
  durationSeconds: number;
}

export interface RateLimitStore {
  /** A limiter of `rule` whose keys live under `keyPrefix`. */
  limiter(keyPrefix: string, rule: LimitRule): RateLimiterAbstract;
  /**
   * Resolves true once Redis is connected (at once without Redis), or false when `withinMs` passes first. Until then
   * counts fall back to this process's memory (no offline queue: a request never waits for Redis), so a check that
   * counters are shared waits for it first.
   */
  connected(withinMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function createRateLimitStore({ redisUrl }: { redisUrl?: string }): RateLimitStore {
  const redis = redisUrl
    ? new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // Redis errors are handled by the insurance limiter; the listener only keeps them from being reported as unhandled.
  redis?.on('error', () => undefined);
  return {
    limiter(keyPrefix, rule) {
      const base = { keyPrefix, points: rule.points, duration: rule.durationSeconds };
      const memory = new RateLimiterMemory(base);
      return redis ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory }) : memory;
    },
    connected: (withinMs) => (redis ? readyWithin(redis, withinMs) : Promise.resolve(true)),
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Whether `redis` is ready, waiting up to `withinMs` (forever without it); its connection errors are retried. */
function readyWithin(redis: Redis, withinMs: number | undefined): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => settle(true);
    const timer = withinMs === undefined ? undefined : setTimeout(() => settle(false), withinMs);
    redis.on('ready', onReady);
  });
}

/**
 * How long a starting process waits for Redis before it takes traffic: one that can reach Redis counts every request
 * with the other replicas, its first ones included; one that cannot starts anyway and counts in memory meanwhile.
 */
export const REDIS_START_WAIT_MS = 5_000;

/** The start step of a process with rate limits: waits for the shared counters (bounded), and says when it gave up. */
export async function awaitSharedCounters(
  store: Pick<RateLimitStore, 'connected'>,
  logger: Logger,
  waitMs = REDIS_START_WAIT_MS,
): Promise<void> {
  if (await store.connected(waitMs)) return;
  logger.warn(
    { waitedMs: waitMs },
    "Redis is not connected yet: rate limits count in this process's memory until it is",
  );
}

/**
 * Counts one hit on `key`; over the limit it throws 429 with Retry-After in whole seconds, saying `message` (the
 * generic text unless the limit has words of its own in contracts).
 */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message: string = ERROR_TEXTS.server.rateLimited,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (result) {
    if (result instanceof RateLimiterRes) {
      throw new AppError(ErrorCode.RATE_LIMITED, message, {
        headers: { 'Retry-After': String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))) },
      });
    }
    throw result;
  }
}
