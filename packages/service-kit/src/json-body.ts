// The JSON body parser of the service kit (createHttpApp's, and mountEndpoint's per endpoint): a body's memory is taken
// from the process's budget while it is read and handled, and a body too slow, too large or not JSON is refused
// (docs/limits.md).
import type Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { ERROR_TEXTS } from '@act/contracts';
import { BODY_MEMORY_RETRY_AFTER_SECONDS, bodyMemoryCost } from './body-memory';
import { guardBodyRead } from './body-read-guard';
import { AppError, ErrorCode } from './errors';
import type { HttpApp } from './http-app';

/**
 * Parses JSON bodies up to `limit` bytes; a body that is not JSON, too large or not the encoding it claims becomes
 * the edge's 4xx. Requests without a body skip it (most traffic is GET). The body's cost is taken from the app's body
 * budget until the handler is done: its Content-Length's before the first byte is read (a body that does not fit is
 * refused at once, unread, with 503 and Retry-After), or a chunked body's bytes as they arrive (refused with 503 when
 * they stop fitting). A body slower than the app's minimum rate is cut with 408 (body-read-guard.ts).
 * `keepRawBody: false` drops the raw text after parsing, and the parsed body is dropped once the endpoint has
 * validated it (mountEndpoint), so a large upload is not held twice while the handler runs.
 */
export function jsonBodyParser(limit: number, options: { keepRawBody?: boolean; deleteBody?: boolean } = {}) {
  const parsedMethods = ['POST', 'PUT', 'PATCH', ...(options.deleteBody ? ['DELETE'] : [])];
  const parseJson = bodyParser({
    enableTypes: ['json'],
    parsedMethods,
    jsonLimit: limit,
    // Arrays or strings at the top level are never valid payloads here.
    jsonStrict: true,
    onError: (error) => {
      throw error;
    },
  });
  const parseWithinBudget = async (ctx: Koa.Context, next: Koa.Next) => {
    const { bodyMemory, bodyReadDeadline } = ctx.app as Partial<HttpApp>;
    // An inflated body's read never ends when its client goes (the inflater is not told), holding its budget for
    // good, and the minimum rate cannot cut it; no client of ours compresses what it sends (docs/limits.md).
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (encoding !== '' && encoding !== 'identity') {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, ERROR_TEXTS.server.unsupportedMediaType, {
        headers: { Connection: 'close' },
      });
    }
    // A declared length over the limit is refused by the parser (413) before it is read, so it costs no more than
    // the limit while that happens. A chunked body costs what it has sent so far: one that trickles holds nearly
    // nothing, however large its route's limit.
    const chunked = ctx.get('transfer-encoding') !== '';
    const declared = chunked ? 0 : Math.min(Number(ctx.get('content-length')) || 0, limit);
    if (!chunked && declared === 0) return parseJson(ctx, next);
    const charge = bodyMemory?.tryTake(bodyMemoryCost(declared));
    if (bodyMemory && !charge) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
        headers: { 'Retry-After': String(BODY_MEMORY_RETRY_AFTER_SECONDS) },
      });
    }
    let stopGuard: (() => void) | undefined;
    try {
      const parsed = parseJson(ctx, async () => {
        stopGuard?.();
        if (options.keepRawBody === false) delete (ctx.request as { rawBody?: string }).rawBody;
        await next();
      });
      // The parser has started reading (synchronously): the guard sees every chunk it sees.
      stopGuard = guardBodyRead(ctx.req, {
        growing: chunked ? charge : undefined,
        deadline: bodyReadDeadline,
      });
      return await parsed;
    } finally {
      stopGuard?.();
      charge?.giveBack();
    }
  };
  // Not async itself: a request without a body (most of them) passes by without a promise of this layer's own.
  return (ctx: Koa.Context, next: Koa.Next): Promise<unknown> =>
    parsedMethods.includes(ctx.method) ? parseWithinBudget(ctx, next) : next();
}
