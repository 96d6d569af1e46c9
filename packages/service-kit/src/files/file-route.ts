// GET /api/<service>/files/:owner/:name?exp&sig[&dl]: a stored file for whoever holds its signed URL. Answers ranges
// with 206 (audio seeking), never sniffs, and caches privately until the URL expires.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { ERROR_TEXTS, FILE_ENDPOINTS } from '@act/contracts';
import { AppError, ErrorCode } from '../errors';
import { mountEndpoint } from '../mount-endpoint';
import { ObjectNotFound, RangeNotSatisfiable, type ObjectStore } from './object-store';

/** Download names are ours (signed with the URL); this only keeps them a plain token in the header. */
const SAFE_FILE_NAME = /^[A-Za-z0-9._-]{1,120}$/;

/**
 * Answers with a stored object: ranges as 206 (audio seeking), HEAD with the headers only, never sniffed, never run
 * as a page. A missing object is a 404, a range past its end a 416. The caller has checked who may read it and set
 * its caching.
 */
export async function sendStoredFile(
  ctx: Context,
  store: ObjectStore,
  key: string,
  { disposition }: { disposition: string },
): Promise<void> {
  ctx.set('accept-ranges', 'bytes');
  ctx.set('x-content-type-options', 'nosniff');
  // Nothing stored is a page: if a file were ever opened as one, it could run nothing and reach nothing.
  ctx.set('content-security-policy', "default-src 'none'; sandbox");
  ctx.set('content-disposition', disposition);
  try {
    if (ctx.method === 'HEAD') {
      // Koa sends no body for HEAD, so an opened stream would never be read: ask for the headers only.
      const head = await store.head(key);
      ctx.type = head.contentType;
      ctx.length = head.length;
      ctx.status = 200;
      return;
    }
    const file = await store.open(key, ctx.get('range') || undefined);
    if (file.etag) ctx.set('etag', file.etag);
    ctx.body = file.body;
    ctx.type = file.contentType;
    ctx.length = file.length;
    if (file.contentRange) {
      ctx.status = 206;
      ctx.set('content-range', file.contentRange);
    }
  } catch (error) {
    if (error instanceof ObjectNotFound) {
      throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
    }
    if (error instanceof RangeNotSatisfiable) {
      ctx.status = 416;
      if (error.size !== undefined) ctx.set('content-range', `bytes */${error.size}`);
      ctx.body = '';
      return;
    }
    throw error;
  }
}

export function mountFileRoute(router: Router, store: ObjectStore): void {
  mountEndpoint(
    router,
    FILE_ENDPOINTS[store.service],
    {},
    async (query, { ctx, params: { owner, name } }) => {
      const key = store.keyOf(owner, name);
      if (!store.verify(key, query)) {
        throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.fileLinkInvalid);
      }
      const secondsLeft = Math.max(0, Number(query.exp) - Math.floor(Date.now() / 1000));
      ctx.set('cache-control', `private, max-age=${secondsLeft}, immutable`);
      await sendStoredFile(ctx, store, key, {
        disposition:
          query.dl && SAFE_FILE_NAME.test(query.dl) ? `attachment; filename="${query.dl}"` : 'inline',
      });
      return undefined;
    },
  );
}
