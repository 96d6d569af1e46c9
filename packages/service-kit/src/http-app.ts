// The Koa app every service starts from: request ids, access logs, one error mapping, JSON bodies, the service's
// OpenAPI document, and (on a separate ops listener) health and readiness probes and Prometheus metrics. A service
// hands it its routers (`routers`), which the edge runs itself.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Stream } from 'node:stream';
import type Router from '@koa/router';
import Koa from 'koa';
import { ERROR_HTTP_STATUS, ERROR_TEXTS, EVENT_STREAM } from '@act/contracts';
import { buildOpenApiDocument, openApiPathFor, SERVICE_NAMES, type ServiceName } from '@act/contracts/server';
import { BodyMemoryBudget, memoryLimitBytes } from './body-memory';
import { BodyReadDeadline } from './body-read-deadline';
import { isDatabaseUnavailable } from './database';
import { AppError, ErrorCode, isAppError } from './errors';
import { jsonBodyParser } from './json-body';
import { errorEventOf, eventStreamOf } from './respond';
import type { Logger } from './logger';
import { serviceMetrics, type ServiceMetrics } from './metrics';
import { requestIdOf } from './request-id';
import { requestPath, routeRequests, type RoutingMiddleware } from './routing';

export interface AppState {
  requestId: string;
  log: Logger;
  [key: string]: unknown;
}

export type ReadinessChecks = Record<string, () => Promise<unknown>>;
/** A liveness check answers at once, without I/O: true while the part it watches works (see answerOps). */
export type LivenessCheck = () => boolean;

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** Dependencies that must answer before the service takes traffic (for example db, nats). */
  readiness?: ReadinessChecks;
  /**
   * The largest JSON body (in bytes) any route of this service accepts, or false for an app that parses no body
   * for all routes (services parse each endpoint's own with mountEndpoint; the gateway streams bodies through).
   */
  bodyLimit?: number | false;
  /**
   * The service's routers (routing.ts), run by the edge itself after the document and the parser rather than as a
   * Koa layer of their own: a layer is a bound function and a promise more per request, and a route that answers
   * without awaiting anything then lets the edge finish without waiting for a promise. Middleware added with `use`
   * runs after them (when no route answers).
   */
  routers?: readonly Router[];
}

export interface HttpApp extends Koa<AppState> {
  metrics: ServiceMetrics;
  /**
   * The process's budget for JSON bodies in flight (see body-memory.ts): sized from the container's memory limit;
   * serveFromConfig resizes it from MEMORY_LIMIT_MB when that is set.
   */
  bodyMemory: BodyMemoryBudget;
  /**
   * The minimum rate of every request body this process reads (its JSON parser, the gateway's proxy); serveFromConfig
   * sets it from BODY_MIN_BYTES_PER_SECOND and BODY_RATE_WINDOW_MS.
   */
  bodyReadDeadline: BodyReadDeadline;
  /** Flip readiness to failing so load balancers stop sending traffic while we drain. */
  markDraining(): void;
  /**
   * Adds a check to /healthz (liveness): once one says false, /healthz answers 503 and the orchestrator restarts the
   * process. Only for a state the process cannot leave by itself (a stuck database pool), never a dependency that
   * is merely down: that is readiness's job.
   */
  addLivenessCheck(name: string, check: LivenessCheck): void;
  /**
   * Runs `listener` once, when draining begins: work that must stop taking new requests at that moment, while the
   * requests in flight go on (chat's replies), starts its own drain there.
   */
  onDraining(listener: () => void): void;
  /**
   * The ops listener's handler: `/healthz`, `/readyz` and `/metrics`, served on their own port (OPS_PORT) that
   * only probes, Prometheus and the gateway's health check reach. The public listener answers 404 for these paths.
   */
  opsListener: RequestListener;
}

/** Served only by the ops listener; on the public listener they are unknown routes. */
export const OPS_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/metrics']);

/** Retry-After of a 503 that sets none: about how long PostgreSQL or NATS takes to come back from a restart. */
const RETRY_AFTER_SECONDS = 5;
const READINESS_TIMEOUT_MS = 2_000;

export function createHttpApp({
  name,
  logger,
  readiness = {},
  bodyLimit = 64 * 1024,
  routers,
}: HttpAppOptions): HttpApp {
  const app = new Koa<AppState>() as HttpApp;
  // Services sit behind the gateway; the client address they care about comes in x-client-ip, never from here.
  app.proxy = false;
  app.silent = true;
  // Shared with the service's credits client and provider adapters (one registry per service name).
  app.metrics = serviceMetrics(name);
  app.bodyMemory = new BodyMemoryBudget(memoryLimitBytes(undefined));
  app.bodyReadDeadline = new BodyReadDeadline();
  let draining = false;
  const drainingListeners: Array<() => void> = [];
  app.markDraining = () => {
    if (draining) return;
    draining = true;
    for (const listener of drainingListeners) listener();
  };
  app.onDraining = (listener) => {
    if (draining) listener();
    else drainingListeners.push(listener);
  };

  const liveness = new Map<string, LivenessCheck>();
  app.addLivenessCheck = (checkName, check) => void liveness.set(checkName, check);

  app.opsListener = (req, res) => {
    void answerOps(req, res, app.metrics, { readiness, liveness }, () => draining);
  };

  // The JSON body parser and the routers: the edge calls them itself. A service's app parses no body here (each
  // endpoint parses its own), so its chain is its routers alone.
  const service = isServiceName(name) ? name : undefined;
  const documentPath = service && openApiPathFor(service);
  const parse = bodyLimit === false ? undefined : jsonBodyParser(bodyLimit);
  // Chosen once here, not per request; plain calls, where koa-compose would bind a function and wrap each step's
  // result in a promise.
  const routes: RoutingMiddleware = routers ? routeRequests(routers) : (_ctx, next) => next();
  const entry = parse
    ? (ctx: Koa.ParameterizedContext<AppState>, next: Koa.Next, path: string) =>
        parse(ctx, () => routes(ctx, next, path))
    : routes;

  // One edge middleware (request id, error mapping, metrics, access log, then the document, the parser and the
  // routes) rather than a layer each: every Koa layer is another promise and bound function per request, and these
  // run on every request. It is not an `async` function, whose frame, await and resumption cost the kit hello about
  // half a microsecond per request (docs/performance.md#what-bounds-the-figures): a route's promise gets two
  // callbacks, a route that answers at once none, and nothing else of the edge's own is allocated per request (the
  // record of a streamed reply aside). Headers go straight to node's request and response.
  const finish = (ctx: Koa.ParameterizedContext<AppState>, started: number) => {
    // While draining, tell keep-alive clients to reconnect elsewhere so the server can close promptly.
    if (draining) ctx.set('Connection', 'close');
    // A streamed reply (ours, or one the gateway passes through) lasts until its end: so does its request.
    if (isStreamStillOpen(ctx)) {
      ctx.res.once('close', () => recordRequest(ctx, app.metrics, logger, started));
    } else {
      recordRequest(ctx, app.metrics, logger, started);
    }
  };
  const answered = (ctx: Koa.ParameterizedContext<AppState>, started: number) => {
    if (isUnanswered(ctx)) writeError(ctx, new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound));
    finish(ctx, started);
  };
  const failed = (ctx: Koa.ParameterizedContext<AppState>, started: number, raw: unknown) => {
    writeError(ctx, raw);
    finish(ctx, started);
  };
  app.use((ctx, next) => {
    const started = performance.now();
    const requestId = requestIdOf(ctx.req);
    ctx.state = new RequestState(requestId, logger);
    ctx.res.setHeader('x-request-id', requestId);
    let routed: unknown;
    try {
      // Probes and metrics tell an outsider what runs and how it is doing: never on the public port, whatever
      // the routes after this would answer (the gateway's static files would serve the shell for any path).
      const path = requestPath(ctx);
      if (OPS_PATHS.has(path)) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
      // No AsyncLocalStorage here: its promise hooks cost every request on Node 20. Handlers get the id as
      // EndpointCall.requestId and hand it to what needs it (a charge sends it to credits).
      if (service && path === documentPath && isReadMethod(ctx.req.method))
        answerOpenApiDocument(ctx, service);
      else routed = entry(ctx, next, path);
    } catch (raw) {
      failed(ctx, started, raw);
      return;
    }
    // The document, or a route that answered without awaiting anything: no promise to wait for.
    if (!(routed instanceof Promise)) {
      answered(ctx, started);
      return;
    }
    return routed.then(
      () => answered(ctx, started),
      (raw: unknown) => failed(ctx, started, raw),
    );
  });
  return app;
}

const isServiceName = (name: string): name is ServiceName =>
  (SERVICE_NAMES as readonly string[]).includes(name);

const isReadMethod = (method: string | undefined) => method === 'GET' || method === 'HEAD';

/** GET /api/<service>/openapi.json: the service's OpenAPI 3.1 document, generated from the contracts on first use. */
function answerOpenApiDocument(ctx: Koa.ParameterizedContext<AppState>, service: ServiceName): void {
  ctx.set('cache-control', 'public, max-age=300');
  ctx.body = buildOpenApiDocument(service);
}

/**
 * Per-request state. The request-scoped logger is a pino child, which is not free, so it is built on first use
 * (a prototype getter, cheaper than defining a property on every request's object).
 */
class RequestState implements AppState {
  [key: string]: unknown;
  #log: Logger | undefined;

  constructor(
    readonly requestId: string,
    readonly rootLogger: Logger,
  ) {}

  get log(): Logger {
    return (this.#log ??= this.rootLogger.child({ requestId: this.requestId }));
  }
}

/** The request's histogram observation and its access-log line (when `info` is on), once its reply is done. */
function recordRequest(
  ctx: Koa.ParameterizedContext<AppState>,
  metrics: ServiceMetrics,
  logger: Logger,
  started: number,
): void {
  const seconds = (performance.now() - started) / 1000;
  // Straight from node's request and response: Koa's ctx.method and ctx.status are getters over the same fields.
  const method = ctx.req.method!;
  const status = ctx.res.statusCode;
  const route = (ctx as unknown as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
  metrics.observeRequest(method, String(route), status, seconds);
  if (logger.isLevelEnabled('info')) {
    ctx.state.log.info({ method, path: ctx.path, status, ms: Math.round(seconds * 1000) }, 'request');
  }
}

/** No route of ours answered: Koa's bare 404, or @koa/router's bare 405 for a path it knows by other methods. */
function isUnanswered(ctx: Koa.ParameterizedContext<AppState>): boolean {
  // node's status code, which Koa's ctx.status reads through two getters.
  const status = ctx.res.statusCode;
  if (status !== 404 && status !== 405) return false;
  const body = ctx.body;
  return body === undefined || (status === 405 && typeof body === 'string');
}

function isStreamStillOpen(ctx: Koa.ParameterizedContext<AppState>): boolean {
  // Most replies are a body Koa writes whole once the edge is done. Only a reply that writes itself (an event stream
  // of ours sets ctx.respond = false) or a body stream (one the gateway passes through) can still be open: the two
  // lookups below are for those alone.
  if (ctx.respond !== false && !(ctx.response.body instanceof Stream)) return false;
  const stream = eventStreamOf(ctx);
  if (stream) return !stream.ended;
  // The header straight from node's response: Koa's `response.type` copies every header (getHeaders) to read one.
  const type = ctx.res.getHeader('content-type');
  const isEventStream =
    typeof type === 'string' && (type === EVENT_STREAM || type.startsWith(`${EVENT_STREAM};`));
  return isEventStream && !ctx.res.writableFinished && !ctx.res.destroyed;
}

function writeError(ctx: Koa.ParameterizedContext<AppState>, raw: unknown): void {
  const log = ctx.state.log;
  const stream = eventStreamOf(ctx);
  if (stream && !stream.ended) {
    // The 200 and its headers are gone: the failure becomes the stream's last event, in the ErrorReply's words.
    const error = toAppError(raw);
    if (error.code === ErrorCode.INTERNAL) log.error({ err: raw }, 'unhandled error in an event stream');
    else log.warn({ code: error.code, err: error.cause ?? error }, error.message);
    stream.send(errorEventOf(error, ERROR_TEXTS.generic.unexpected));
    stream.end();
    return;
  }
  if (isClientAbort(ctx, raw)) {
    // The client hung up (a closed tab, a cancelled upload): nobody reads this answer and nothing is wrong here.
    const reason = raw instanceof Error ? raw.message : undefined;
    log.info({ method: ctx.method, path: ctx.path, reason }, 'client aborted the request');
    ctx.status = 400;
    return;
  }
  const error = toAppError(raw);
  if (error.code === ErrorCode.INTERNAL) {
    log.error({ err: raw }, 'unhandled error');
  } else if (error.status >= 500) {
    log.warn({ code: error.code, err: error.cause ?? error }, error.message);
  }
  ctx.status = error.status;
  // "Temporarily unavailable" says when to try again (a reserve credits could not take, a database restarting).
  if (error.code === ErrorCode.SERVICE_UNAVAILABLE) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
  for (const [header, value] of Object.entries(error.headers)) ctx.set(header, value);
  ctx.body = {
    ...error.details,
    success: false,
    error: error.message,
    code: error.code,
    ...(error.code === ErrorCode.INTERNAL ? { requestId: ctx.state.requestId } : {}),
  };
}

function isClientAbort(ctx: Koa.ParameterizedContext<AppState>, raw: unknown): boolean {
  const type = (raw as { type?: unknown } | null)?.type;
  // raw-body says so for a body cut short; otherwise the request stream was destroyed before its end, and whatever
  // failed then (a proxied upload cut off, for one) failed because the client left.
  return type === 'request.aborted' || ctx.req.readableAborted;
}

/** The code whose status is `status` (the first in the table), for 4xx errors thrown by libraries with that status. */
function codeForClientStatus(status: number): ErrorCode {
  const code = (Object.keys(ERROR_HTTP_STATUS) as ErrorCode[]).find((c) => ERROR_HTTP_STATUS[c] === status);
  return code ?? ErrorCode.VALIDATION_FAILED;
}

const CLIENT_STATUS_TEXT: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.UNAUTHENTICATED]: ERROR_TEXTS.server.unauthenticated,
  [ErrorCode.FORBIDDEN]: ERROR_TEXTS.server.forbidden,
  [ErrorCode.NOT_FOUND]: ERROR_TEXTS.server.notFound,
  [ErrorCode.RATE_LIMITED]: ERROR_TEXTS.server.rateLimited,
  [ErrorCode.PAYLOAD_TOO_LARGE]: ERROR_TEXTS.server.payloadTooLarge,
  [ErrorCode.UNSUPPORTED_MEDIA_TYPE]: ERROR_TEXTS.server.unsupportedMediaType,
};

/**
 * Maps anything thrown into an AppError. Errors a library raised about the request (body parser, Koa's ctx.throw,
 * a body whose Content-Encoding lies) stay client errors with our text; only the rest become a generic 500.
 */
function toAppError(raw: unknown): AppError {
  if (isAppError(raw)) return raw;
  // The database down or restarting is a passing state, not a bug: 503 (with Retry-After), which invites a retry.
  if (isDatabaseUnavailable(raw)) {
    return new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, { cause: raw });
  }
  const { status, type, code, expose } = (raw ?? {}) as {
    status?: unknown;
    type?: unknown;
    code?: unknown;
    expose?: unknown;
  };
  if (status === 413 || type === 'entity.too.large') {
    return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, ERROR_TEXTS.server.payloadTooLarge, { cause: raw });
  }
  if (type === 'entity.parse.failed' || (status === 400 && raw instanceof SyntaxError)) {
    return new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.server.malformedJson, { cause: raw });
  }
  if (status === 415 || type === 'charset.unsupported' || type === 'encoding.unsupported') {
    return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, ERROR_TEXTS.server.unsupportedMediaType, {
      cause: raw,
    });
  }
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR): a body sent as gzip or deflate that is not.
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.server.unreadableRequest, { cause: raw });
  }
  // http-errors marks the 4xx it creates as exposed: the request was at fault, whatever the library.
  if (typeof status === 'number' && status >= 400 && status < 500 && expose !== false) {
    const clientCode = codeForClientStatus(status);
    const text = CLIENT_STATUS_TEXT[clientCode] ?? ERROR_TEXTS.server.unreadableRequest;
    return new AppError(clientCode, text, { cause: raw });
  }
  return new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: raw });
}

/** The ops listener: plain node:http, no middleware, since probes arrive every few seconds from every kubelet. */
async function answerOps(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: ServiceMetrics,
  { readiness, liveness }: { readiness: ReadinessChecks; liveness: ReadonlyMap<string, LivenessCheck> },
  isDraining: () => boolean,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  const send = (status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const json = (status: number, body: unknown) =>
    send(status, 'application/json; charset=utf-8', JSON.stringify(body));
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      json(405, { status: 'method not allowed' });
    } else if (path === '/healthz') {
      const failing = [...liveness].filter(([, check]) => !check()).map(([name]) => name);
      if (failing.length === 0) json(200, { status: 'ok' });
      else json(503, { status: 'stuck', checks: Object.fromEntries(failing.map((name) => [name, 'stuck'])) });
    } else if (path === '/readyz') {
      const { ok, checks } = await runReadiness(readiness);
      const draining = isDraining();
      const ready = ok && !draining;
      // The pid lets a launcher tell its own child's answer from another process's on the same port.
      json(ready ? 200 : 503, { status: ready ? 'ok' : 'unavailable', draining, checks, pid: process.pid });
    } else if (path === '/metrics') {
      send(200, metrics.registry.contentType, await metrics.registry.metrics());
    } else {
      json(404, { status: 'not found' });
    }
  } catch {
    if (!res.headersSent) json(500, { status: 'error' });
    else res.destroy();
  }
}

async function runReadiness(checks: ReadinessChecks) {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), READINESS_TIMEOUT_MS);
        return [name, 'up'] as const;
      } catch {
        return [name, 'down'] as const;
      }
    }),
  );
  return { ok: entries.every(([, state]) => state === 'up'), checks: Object.fromEntries(entries) };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
