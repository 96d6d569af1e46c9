// How many large request bodies one client may have in flight through this gateway at once. A service parses and
// decodes every upload in memory (each has a budget of its own, service-kit's body-memory.ts); this keeps one client
// from taking a whole service's budget, so other members' uploads still go through. A body counts once it is large:
// from its arrival when its Content-Length says so, else (chunked) once the bytes it has sent pass the size, so a body
// that trickles takes no place; it counts until the service's answer begins (its headers). One more is refused with
// the spec's 429 and Retry-After. Counts are per gateway replica. Limits and what a client sees: docs/limits.md.
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
 * Told the bytes a body has sent so far, as they pass through (the proxy's meter); throws the 429 when they make the
 * body large and its client has no room for one more.
 */
export type BodyBytesSent = (bytes: number) => void;

/**
 * Counts the large bodies in flight per client around `next` (the proxy, which resolves once the service's answer
 * has begun and calls the function it is given with each body's bytes sent so far).
 */
export function limitLargeUploads({ perClient, clientOf }: LargeUploadLimit) {
  const inFlight = new Map<string, number>();
  return async (ctx: Context, next: (sent: BodyBytesSent) => Promise<void>): Promise<void> => {
    let client: string | undefined;
    const count = () => {
      if (client !== undefined) return;
      const who = clientOf(ctx);
      const counted = inFlight.get(who) ?? 0;
      if (counted >= perClient) {
        throw new AppError(ErrorCode.RATE_LIMITED, ERROR_TEXTS.server.rateLimited, {
          // The rest of the body is not read: the connection closes after the answer.
          headers: { 'Retry-After': String(LARGE_UPLOAD_RETRY_AFTER_SECONDS), Connection: 'close' },
        });
      }
      inFlight.set(who, counted + 1);
      client = who;
    };
    if (Number(ctx.get('content-length')) > LARGE_BODY_BYTES) count();
    try {
      await next((bytes) => {
        if (bytes > LARGE_BODY_BYTES) count();
      });
    } finally {
      if (client !== undefined) {
        const left = (inFlight.get(client) ?? 1) - 1;
        if (left > 0) inFlight.set(client, left);
        else inFlight.delete(client);
      }
    }
  };
}
