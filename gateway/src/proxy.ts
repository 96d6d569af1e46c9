// Streaming reverse proxy to one upstream service. Bodies flow through in both directions without buffering
// (uploads and streamed chat replies), with a byte cap enforced while streaming, not just on Content-Length.
import { Agent, request, type IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import type { Context } from 'koa';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';

// Headers that describe one hop and must never be forwarded (RFC 9110 §7.6.1), plus the ones the gateway owns.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
const GATEWAY_OWNED = new Set(['x-client-ip', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-request-id']);

// One keep-alive pool for all upstreams: connection set-up per request would dominate a small tool call.
const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, keepAliveMsecs: 30_000 });

export interface ProxyTarget {
  baseUrl: string;
  bodyLimitBytes: number;
  clientIp: string | undefined;
  requestId: string;
  timeoutMs: number;
}

export async function proxyRequest(ctx: Context, target: ProxyTarget): Promise<void> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > target.bodyLimitBytes) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, ERROR_TEXTS.server.payloadTooLarge);
  }

  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || GATEWAY_OWNED.has(name)) continue;
    headers[name] = value;
  }
  headers['x-request-id'] = target.requestId;
  if (target.clientIp) headers['x-client-ip'] = target.clientIp;
  headers['x-forwarded-proto'] = ctx.protocol;
  headers['x-forwarded-host'] = ctx.host;

  const url = new URL(ctx.originalUrl, target.baseUrl);
  const upstream = request(url, { method: ctx.method, headers, agent, timeout: target.timeoutMs });

  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    upstream.once('response', resolve);
    upstream.once('timeout', () => upstream.destroy(new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable)));
    upstream.once('error', (error) => {
      reject(
        error instanceof AppError
          ? error
          : new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, { cause: error }),
      );
    });
    // A client that goes away mid-upload must not leave the upstream request hanging.
    ctx.req.once('aborted', () => upstream.destroy());
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      upstream.end();
      return;
    }
    const limiter = byteLimit(target.bodyLimitBytes);
    limiter.once('error', (error) => {
      upstream.destroy();
      reject(error);
    });
    ctx.req.pipe(limiter).pipe(upstream);
  });

  ctx.status = response.statusCode ?? 502;
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
    ctx.set(name, value);
  }
  const length = response.headers['content-length'];
  if (ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) {
    response.resume();
    ctx.body = null;
    return;
  }
  ctx.body = response;
  if (length !== undefined) ctx.length = Number(length);
  // Stop Koa from guessing a content type for a proxied stream with none.
  if (!response.headers['content-type']) ctx.remove('Content-Type');
}

function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) {
        callback(new AppError(ErrorCode.PAYLOAD_TOO_LARGE, ERROR_TEXTS.server.payloadTooLarge));
        return;
      }
      callback(null, chunk);
    },
  });
}
