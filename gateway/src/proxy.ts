// Streaming reverse proxy to one upstream service, over the pool of its replicas (below). Bodies flow through in both
// directions without buffering (uploads and streamed chat replies). A request body is metered while it streams: its
// byte cap (not just its Content-Length), the minimum rate every body must keep (cut with 408 at the edge,
// docs/limits.md#slow-bodies), and its bytes sent told to the per-client allowance of large uploads.
import type { IncomingMessage } from 'node:http';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { Context } from 'koa';
import { Agent, type Dispatcher } from 'undici';
import { ERROR_TEXTS, EVENT_STREAM } from '@act/contracts';
import { AppError, ErrorCode, TRACE_HEADERS, tracingOn, type BodyReadDeadline } from '@act/service-kit';

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
const GATEWAY_OWNED = new Set([
  'x-client-ip',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-request-id',
]);
// W3C trace context (docs/operations.md#traces). With traces on, the gateway's own span goes upstream (the undici
// instrumentation writes it) and the client's, its parent, stays here; with traces off the client's passes through.
const TRACE_CONTEXT = new Set(TRACE_HEADERS);

// One keep-alive pool per upstream origin (undici): connection set-up per request would dominate a small tool call,
// and undici's client is markedly cheaper per request than node:http's. Every open event stream holds one of the
// pool's connections for as long as it lasts, so the cap is set above the streams one replica is sized for (1,000
// open chat replies, docs/architecture.md#performance): at the former 256, the 257th member's reply waited in the
// pool until another ended. Idle connections close after the keep-alive timeout.
const UPSTREAM_CONNECTIONS_PER_REPLICA = 4_096;
const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: UPSTREAM_CONNECTIONS_PER_REPLICA });

const origins = new Map<string, string>();
/** The origin of an upstream base URL (its path, if any, is not used: the request's own path goes upstream). */
function originOf(baseUrl: string): string {
  let origin = origins.get(baseUrl);
  if (origin === undefined) {
    origin = new URL(baseUrl).origin;
    origins.set(baseUrl, origin);
  }
  return origin;
}

/** Replies up to this size are buffered rather than streamed (see below). */
const SMALL_REPLY_BYTES = 64 * 1024;

export interface ProxyTarget {
  /** The service's replicas; see createUpstreamPool below for the order and when another one is tried. */
  upstream: UpstreamPool;
  bodyLimitBytes: number;
  clientIp: string | undefined;
  requestId: string;
  /**
   * How long the upstream may keep us waiting for its headers, or between two chunks of its body. A streamed reply
   * that keeps sending (its events, or its own heartbeats) is never cut, however long it lasts.
   */
  timeoutMs: number;
  /** On an event-stream reply, a `: ping` comment goes to the client after this long without upstream bytes. */
  heartbeatMs: number;
  /** The minimum rate of request bodies: a slower one is cut with 408. */
  deadline?: BodyReadDeadline;
  /** Told the bytes the body has sent so far, chunk by chunk; what it throws fails the request. */
  onBodyBytes?: (bytes: number) => void;
  /** Sent instead of the client's Authorization: the access token a personal API key was exchanged for. */
  authorization?: string;
}

export async function proxyRequest(ctx: Context, target: ProxyTarget): Promise<void> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > target.bodyLimitBytes) {
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, ERROR_TEXTS.server.payloadTooLarge);
  }
  const headers = upstreamHeaders(ctx, target);
  const hasBody = ctx.method !== 'GET' && ctx.method !== 'HEAD';
  const limiter = hasBody ? ctx.req.pipe(meterBody(target)) : undefined;
  // A client that goes away mid-upload must not leave the upstream request hanging: failing the body stream aborts
  // it. (Responses need nothing here: Koa destroys the upstream body when the client socket closes.)
  if (limiter) ctx.req.once('aborted', () => limiter.destroy(new Error('client aborted the upload')));
  // A cut fails the upstream request, and its error becomes the answer (requestUpstream). Listening keeps it from being
  // an unhandled error.
  limiter?.on('error', () => undefined);
  const response = await requestUpstream(ctx, target, headers, limiter);
  // The service may answer before the body's end (a refusal: 503 with Retry-After) and stop reading it. Once our
  // answer is out, the rest of the body is dropped, so the client reads that answer (see dropRestOfBody).
  if (limiter) {
    ctx.res.once('finish', () => {
      if (!ctx.req.readableEnded) dropRestOfBody(ctx.req, limiter, target);
    });
  }
  await answerWith(ctx, response, target.heartbeatMs);
}

/**
 * Reads and drops the rest of a request body once its answer is out (the service answered before the body's end and
 * stopped reading it). Left unread, the body would stall the client's upload, and closing the connection with bytes
 * of it unread resets it (RST): the client would see a failed upload (ECONNRESET) rather than the answer, as a
 * member's 10 MB photo refused by a busy image service did, where it should have read "temporarily unavailable" and
 * when to try again. The rest is read at most up to the route's limit and at the minimum rate of any body; past
 * either, the connection is closed after all. The upstream request ends with the meter: its connection, which
 * carried part of a body, is not reused.
 */
function dropRestOfBody(req: IncomingMessage, limiter: Transform, target: ProxyTarget): void {
  req.unpipe(limiter);
  limiter.destroy();
  if (req.destroyed) return;
  let dropped = 0;
  const unwatch = target.deadline?.watch(
    () => dropped,
    () => req.destroy(),
  );
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > target.bodyLimitBytes) req.destroy();
  });
  // Its end, or its connection's: once the answer is out, node no longer destroys the request with its socket.
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    unwatch?.();
  };
  req.once('end', stop);
  req.once('close', stop);
  req.socket.once('close', stop);
  req.resume();
}

/** The client's headers as they go upstream: without hop-by-hop and gateway-owned ones, with the gateway's own. */
function upstreamHeaders(ctx: Context, target: ProxyTarget): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  const traced = tracingOn();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || GATEWAY_OWNED.has(name)) continue;
    if (traced && TRACE_CONTEXT.has(name)) continue;
    headers[name] = value;
  }
  if (target.authorization) headers.authorization = target.authorization;
  headers['x-request-id'] = target.requestId;
  if (target.clientIp) headers['x-client-ip'] = target.clientIp;
  headers['x-forwarded-proto'] = ctx.protocol;
  headers['x-forwarded-host'] = ctx.host;
  return headers;
}

/** Sends the request to the pool's replicas in turn (see createUpstreamPool) until one answers; else 503. */
async function requestUpstream(
  ctx: Context,
  target: ProxyTarget,
  headers: Record<string, string | string[]>,
  body: Transform | undefined,
): Promise<Dispatcher.ResponseData> {
  const candidates = target.upstream.order();
  // A request with a body goes to one replica only: its body is consumed once, and it may have side effects.
  const attempts = isRetryable(ctx.method) ? candidates : candidates.slice(0, 1);
  for (const [index, baseUrl] of attempts.entries()) {
    try {
      // Straight to the pool with the replica's origin and the request's own path: no URL to parse per request.
      const response = await dispatcher.request({
        origin: originOf(baseUrl),
        path: ctx.originalUrl,
        method: ctx.method as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        headersTimeout: target.timeoutMs,
        bodyTimeout: target.timeoutMs,
      });
      target.upstream.succeeded(baseUrl);
      return response;
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (error instanceof AppError) throw error;
      if (cause instanceof AppError) throw cause;
      const refused = isConnectError(error);
      if (refused) target.upstream.failed(baseUrl);
      // A refused connection never reached the service: an idempotent request may try the next replica.
      if (refused && index < attempts.length - 1) {
        ctx.state.log?.warn(
          { upstream: baseUrl },
          'upstream refused the connection; trying the next replica',
        );
        continue;
      }
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
        cause: error,
      });
    }
  }
  throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
}

/** The upstream's answer to the client: its status and headers, then its body whole, streamed or as events. */
async function answerWith(
  ctx: Context,
  response: Dispatcher.ResponseData,
  heartbeatMs: number,
): Promise<void> {
  ctx.status = response.statusCode;
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'content-length') continue;
    // Straight to node's response: Koa's set() copies every value (String(), an array per call), undici's are strings.
    ctx.res.setHeader(name, value);
  }
  if (ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) {
    response.body.resume();
    ctx.body = null;
    return;
  }
  const contentType = response.headers['content-type'];
  if (typeof contentType === 'string' && contentType.toLowerCase().startsWith(EVENT_STREAM)) {
    passEventStream(ctx, response.body, heartbeatMs);
    return;
  }
  const length = response.headers['content-length'];
  const declaredLength = typeof length === 'string' ? Number(length) : undefined;
  if (declaredLength !== undefined && declaredLength <= SMALL_REPLY_BYTES) {
    // A small reply of known size (most API replies) is read whole and sent in one write: piping it through a
    // stream costs more than the bytes themselves. Anything larger or of unknown size (uploads' echoes, files,
    // server-sent events) streams through untouched.
    ctx.body = Buffer.from(await response.body.arrayBuffer());
  } else {
    // Koa listens for one error on a body stream; a client hanging up can make undici emit another
    // (RequestAbortedError) after that. Without a listener of our own that second error would crash the gateway.
    response.body.on('error', (error) => ctx.state.log.debug({ err: error }, 'upstream body closed early'));
    ctx.body = response.body;
    if (declaredLength !== undefined) ctx.length = declaredLength;
  }
  // Stop Koa from guessing a content type for a proxied body with none.
  if (!response.headers['content-type']) ctx.remove('Content-Type');
}

/**
 * Server-Sent Events go to the client chunk by chunk as they come (Koa pipes the body; nothing here compresses or
 * collects), with a heartbeat of our own while the upstream is silent, so proxies in front keep the connection.
 * When the client hangs up, Koa destroys the body and the pipeline destroys the upstream body with it: undici then
 * aborts the request and the service sees its client go.
 */
function passEventStream(
  ctx: Context,
  upstreamBody: Dispatcher.ResponseData['body'],
  heartbeatMs: number,
): void {
  // An nginx in front must not collect the events either.
  ctx.set('X-Accel-Buffering', 'no');
  const heartbeat = sseHeartbeat(heartbeatMs);
  pipeline(upstreamBody, heartbeat, (error) => {
    if (error) ctx.state.log.debug({ err: error }, 'event stream closed early');
  });
  ctx.body = heartbeat;
}

const PING = Buffer.from(': ping\n\n');

/**
 * Passes bytes through unchanged and, after `intervalMs` without any, adds a `: ping` comment. It only ever adds one
 * between two events (after a blank line), never inside an event the upstream is still writing.
 */
function sseHeartbeat(intervalMs: number): Transform {
  // The last bytes seen; the stream starts at an event boundary.
  let tail = '\n\n';
  // One timer for the stream's life, pushed back on each chunk with refresh() (no new timer per chunk).
  let timer: NodeJS.Timeout | undefined;
  const atBoundary = () => tail.endsWith('\n\n') || tail.endsWith('\r\r') || tail.endsWith('\r\n\r\n');
  const stop = () => clearTimeout(timer);
  const arm = () => {
    timer?.refresh();
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      tail = (tail + chunk.subarray(-4).toString('latin1')).slice(-4);
      arm();
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      stop();
      callback();
    },
    destroy(error: Error | null, callback: (error: Error | null) => void) {
      stop();
      callback(error);
    },
  });
  const beat = () => {
    if (stream.destroyed || stream.writableEnded) return;
    if (atBoundary()) stream.push(PING);
    arm();
  };
  if (intervalMs > 0) timer = setTimeout(beat, intervalMs);
  return stream;
}

/** The request body on its way upstream: its byte cap, its minimum rate and its bytes sent (ProxyTarget). */
function meterBody({ bodyLimitBytes, deadline, onBodyBytes }: ProxyTarget): Transform {
  let seen = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > bodyLimitBytes) {
        callback(new AppError(ErrorCode.PAYLOAD_TOO_LARGE, ERROR_TEXTS.server.payloadTooLarge));
        return;
      }
      try {
        onBodyBytes?.(seen);
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      unwatch?.();
      callback();
    },
    destroy(error: Error | null, callback: (error: Error | null) => void) {
      unwatch?.();
      callback(error);
    },
  });
  // Failing the body aborts the upstream request with this error, which becomes the answer; the rest of the body
  // is not read (the connection closes after it).
  const unwatch = deadline?.watch(
    () => seen,
    () =>
      meter.destroy(
        new AppError(ErrorCode.REQUEST_TIMEOUT, ERROR_TEXTS.server.uploadTooSlow, {
          headers: { Connection: 'close' },
        }),
      ),
  );
  return meter;
}

// Balancing between a service's replicas: each <SERVICE>_URL may list several base URLs. Requests take them in turn
// (round robin); one that refused a connection is set aside for a short while (passive health), so after a replica
// dies the next requests go to the live ones without waiting for a probe. Only a request that cannot have reached
// a service is tried again elsewhere: a GET or HEAD (no body, no side effect) whose connection was refused. A POST is
// never retried by the gateway: it may have reached the service (charged, generated) before the connection broke.

/** How long an upstream that refused a connection is skipped while another is available. */
const UPSTREAM_EJECT_MS = 5_000;

export interface UpstreamPool {
  readonly urls: readonly string[];
  /** The replicas to try for one request, best first: the next in turn, then the others; set-aside ones last. */
  order(): string[];
  /** The connection to `url` was refused (the replica is down): skip it for a while. */
  failed(url: string): void;
  /** `url` answered: it is back. */
  succeeded(url: string): void;
}

export function createUpstreamPool(
  urls: readonly string[],
  { ejectMs = UPSTREAM_EJECT_MS, now = Date.now }: { ejectMs?: number; now?: () => number } = {},
): UpstreamPool {
  if (urls.length === 0) throw new Error('an upstream pool needs at least one URL');
  let next = 0;
  const downUntil = new Map<string, number>();
  const isDown = (url: string) => (downUntil.get(url) ?? 0) > now();
  return {
    urls,
    order() {
      const start = next;
      next = (next + 1) % urls.length;
      const turn = urls.map((_, i) => urls[(start + i) % urls.length]!);
      return [...turn.filter((url) => !isDown(url)), ...turn.filter(isDown)];
    },
    failed(url) {
      downUntil.set(url, now() + ejectMs);
    },
    succeeded(url) {
      downUntil.delete(url);
    },
  };
}

/** Whether an error from the HTTP client means no connection was made, so the request never reached the upstream. */
export function isConnectError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (
      code === 'ECONNREFUSED' ||
      code === 'EHOSTUNREACH' ||
      code === 'ENETUNREACH' ||
      code === 'EAI_AGAIN' ||
      code === 'ENOTFOUND' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Methods the gateway may send to another replica after a refused connection: no body, no side effect. */
function isRetryable(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}
