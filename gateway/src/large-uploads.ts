// How many large request bodies one client may have in flight through this gateway at once. A service parses and
// decodes every upload in memory (each has a budget of its own, service-kit's body-memory.ts); this keeps one client
// from taking a whole service's budget, so other members' uploads still go through. A body counts from the moment it
// arrives until the service's answer begins (its headers); one more is refused at once with the spec's 429 and
// Retry-After. Counts are per gateway replica. Limits and what a client sees: docs/limits.md.
import type { Context } from 'koa';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';

/** A body above this size is a large one (no JSON call comes near it; every upload of a file passes it). */
export const LARGE_BODY_BYTES = 1024 * 1024;
/** Large bodies one client may have in flight when LARGE_UPLOADS_PER_CLIENT is not set. */
export const DEFAULT_LARGE_UPLOADS_PER_CLIENT = 4;
/** What a refused upload is told to wait: about the time the client's uploads ahead of it take. */
export const LARGE_UPLOAD_RETRY_AFTER_SECONDS = 2;

export interface LargeUploadLimit {
  /** Large bodies one client (a member, or a guest's IP) may have in flight at once. */
  perClient: number;
  /** Who the client is: the member when the request carries a verified token, its IP otherwise. */
  clientOf(ctx: Context): string;
}

/**
 * Counts the large bodies in flight per client around `next` (the proxy, which resolves once the service's
 * answer has begun). `bodyLimitBytes` is the route's: a body of unknown length (chunked) counts as large when the
 * route admits large ones.
 */
export function limitLargeUploads({ perClient, clientOf }: LargeUploadLimit) {
  const inFlight = new Map<string, number>();
  return async (ctx: Context, bodyLimitBytes: number, next: () => Promise<void>): Promise<void> => {
    if (!isLargeBody(ctx, bodyLimitBytes)) return next();
    const client = clientOf(ctx);
    const count = inFlight.get(client) ?? 0;
    if (count >= perClient) {
      throw new AppError(ErrorCode.RATE_LIMITED, ERROR_TEXTS.server.rateLimited, {
        headers: { 'Retry-After': String(LARGE_UPLOAD_RETRY_AFTER_SECONDS) },
      });
    }
    inFlight.set(client, count + 1);
    try {
      await next();
    } finally {
      const left = (inFlight.get(client) ?? 1) - 1;
      if (left > 0) inFlight.set(client, left);
      else inFlight.delete(client);
    }
  };
}

function isLargeBody(ctx: Context, bodyLimitBytes: number): boolean {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return false;
  if (ctx.get('transfer-encoding') !== '') return bodyLimitBytes > LARGE_BODY_BYTES;
  return Number(ctx.get('content-length')) > LARGE_BODY_BYTES;
}
