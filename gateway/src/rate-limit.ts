// The gateway's global per-IP rate limit: Redis when REDIS_URL is set (shared by every gateway replica),
// memory otherwise. If Redis fails, an in-memory limiter takes over rather than letting traffic through unlimited.
import type { Middleware } from 'koa';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';

export interface RateLimitOptions {
  pointsPerWindow: number;
  windowSeconds: number;
  redisUrl?: string;
  keyPrefix?: string;
}

export interface IpRateLimiter {
  limiter: RateLimiterAbstract;
  close(): Promise<void>;
}

export function createIpRateLimiter({
  pointsPerWindow,
  windowSeconds,
  redisUrl,
  keyPrefix = 'gw-ip',
}: RateLimitOptions): IpRateLimiter {
  const memory = new RateLimiterMemory({ points: pointsPerWindow, duration: windowSeconds, keyPrefix });
  if (!redisUrl) return { limiter: memory, close: async () => undefined };
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    points: pointsPerWindow,
    duration: windowSeconds,
    keyPrefix,
    insuranceLimiter: memory,
  });
  return { limiter, close: async () => void (await redis.quit().catch(() => redis.disconnect())) };
}

export function rateLimitByIp(
  limiter: RateLimiterAbstract,
  ipOf: (ctx: Parameters<Middleware>[0]) => string | undefined,
): Middleware {
  return async (ctx, next) => {
    const ip = ipOf(ctx) ?? 'unknown';
    try {
      await limiter.consume(ip);
    } catch (result) {
      if (result instanceof RateLimiterRes) {
        throw new AppError(ErrorCode.RATE_LIMITED, ERROR_TEXTS.server.rateLimited, {
          headers: { 'Retry-After': String(Math.max(1, Math.ceil(result.msBeforeNext / 1000))) },
        });
      }
      throw result;
    }
    await next();
  };
}
