// The gateway's global per-IP rate limit (see service-kit's rate-limits for the store and the 429).
import type { Middleware } from 'koa';
import {
  consumeOrRefuse,
  createRateLimitStore,
  type RateLimiterAbstract,
  type RateLimitStore,
} from '@act/service-kit';

export interface RateLimitOptions {
  pointsPerWindow: number;
  windowSeconds: number;
  redisUrl?: string;
  keyPrefix?: string;
}

export interface IpRateLimiter {
  limiter: RateLimiterAbstract;
  connected: RateLimitStore['connected'];
  close(): Promise<void>;
}

export function createIpRateLimiter({
  pointsPerWindow,
  windowSeconds,
  redisUrl,
  keyPrefix = 'gw-ip',
}: RateLimitOptions): IpRateLimiter {
  const store = createRateLimitStore({ redisUrl });
  return {
    limiter: store.limiter(keyPrefix, { points: pointsPerWindow, durationSeconds: windowSeconds }),
    connected: (withinMs) => store.connected(withinMs),
    close: () => store.close(),
  };
}

export function rateLimitByIp(
  limiter: RateLimiterAbstract,
  ipOf: (ctx: Parameters<Middleware>[0]) => string | undefined,
): Middleware {
  return async (ctx, next) => {
    await consumeOrRefuse(limiter, ipOf(ctx) ?? 'unknown');
    await next();
  };
}
