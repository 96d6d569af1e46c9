// Rate limiting shared by the gateway and the services: counters in Redis when REDIS_URL is set (shared by every
// replica), in memory otherwise. If Redis fails, an in-memory limiter takes over rather than letting traffic through
// unlimited. An exhausted limit is the spec's 429 with Retry-After.
import { once } from 'node:events';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from './errors';

export type { RateLimiterAbstract };

export interface LimitRule {
  points: number;
  durationSeconds: number;
}

export interface RateLimitStore {
  /** A limiter of `rule` whose keys live under `keyPrefix`. */
  limiter(keyPrefix: string, rule: LimitRule): RateLimiterAbstract;
  /**
   * Settles once Redis is connected (at once without Redis). Until then counts fall back to this process's memory
   * (no offline queue: a request never waits for Redis), so a check that counters are shared waits for it first.
   */
  connected(): Promise<void>;
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
    async connected() {
      if (redis && redis.status !== 'ready') await once(redis, 'ready');
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
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
