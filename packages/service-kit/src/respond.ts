// One way to answer an endpoint that can stream (docs/architecture.md#streaming-replies): JSON by default, Server-Sent
// Events when the request's Accept names text/event-stream. The domain work gets an `emit` for its progress events and
// never sees the stream; this sends the last event (`done`, or the one `error` shape) and ends the stream.
//
// Below respond, the stream itself: a route that was asked for `text/event-stream` opens a stream, sends JSON events
// as they happen and ends it. The response bypasses Koa's body handling (ctx.respond = false) so every event leaves
// at once, whether the handler awaits the whole reply or returns and keeps writing. The edge middleware (http-app.ts)
// records the request's log line and latency when the stream ends, not when its headers go out.
import type { Context } from 'koa';
import type { z } from 'zod';
import { EVENT_STREAM, type Endpoint } from '@act/contracts';
import { ErrorCode, isAppError } from './errors';
import type { Logger } from './logger';
import type { EndpointReply } from './mount-endpoint';

type StreamEvent<E extends Endpoint> = E['events'] extends z.ZodType ? z.infer<E['events']> : never;
/** The events an endpoint's work sends while it runs: all of its stream's events but the last (`done`, `error`). */
export type ProgressEvent<E extends Endpoint> = Exclude<StreamEvent<E>, { type: 'done' | 'error' }>;
/** The `done` event's fields (respond adds `type: 'done'`). */
export type DoneFields<E extends Endpoint> = Omit<Extract<StreamEvent<E>, { type: 'done' }>, 'type'>;

export interface ReplySpec<E extends Endpoint, R> {
  /**
   * The work, started once the request was accepted. Refusals that must stay plain JSON errors (no provider key,
   * insufficient credits) happen before respond is called; anything `run` throws becomes the stream's error event.
   */
  run(emit: (event: ProgressEvent<E>) => void): Promise<R>;
  /** The JSON reply (without `success: true`). */
  reply(result: R): EndpointReply<E>;
  /** The `done` event's fields; the JSON reply's when left out. */
  done?(result: R): DoneFields<E>;
  /** The tool's words for a failure that is not an AppError (a bug); an AppError speaks its own. */
  failed: string;
}

/**
 * Runs `spec.run` and answers with its result: the JSON reply (a thrown error goes to the edge as the usual JSON
 * error reply), or an event stream of its progress events then `done` (or the error event). A client that leaves
 * the stream only stops the following: the work is not stopped here (the handler's signal tells it, and a work
 * that belongs to the server, such as a chat reply, carries on), and nothing more is written.
 */
export async function respond<E extends Endpoint, R>(
  ctx: Context,
  spec: ReplySpec<E, R>,
): Promise<EndpointReply<E> | undefined> {
  if (!wantsEventStream(ctx)) return spec.reply(await spec.run(() => undefined));

  const stream = openEventStream(ctx);
  const log = (ctx.state as { log?: Logger }).log;
  const unexpected = (error: unknown) => {
    if (!isAppError(error)) log?.error({ err: error }, 'unhandled error in an event stream');
  };
  const last = (async () => {
    const result = await spec.run((event) => stream.send(event));
    const fields = (spec.done ? spec.done(result) : spec.reply(result)) as object;
    return { type: 'done', ...fields };
  })().catch((error: unknown) => {
    // Said only to a client still listening; after it left, nobody reads it (and the work ended for that reason).
    if (stream.closed) return undefined;
    unexpected(error);
    return errorEventOf(error, spec.failed);
  });
  const clientGone = new Promise<undefined>((resolve) => {
    if (stream.signal.aborted) resolve(undefined);
    else stream.signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
  const event = await Promise.race([last, clientGone]);
  if (event) stream.send(event);
  stream.end();
  return undefined;
}

export interface EventStream {
  /** Writes one event, `data: <json>\n\n`, flushed at once. Dropped silently once the client has gone. */
  send(event: unknown): void;
  /** True once the client went away (or the stream ended): later writes are dropped. */
  readonly closed: boolean;
  /**
   * Aborts when the client goes away before the stream ends. A hint for work nobody will read, not a stop
   * button: a chat reply carries on and is saved when the member closes the tab.
   */
  readonly signal: AbortSignal;
  /** Ends the response (idempotent). */
  end(): void;
}

export interface EventStreamOptions {
  /** How often a `: ping` comment goes out so proxies keep an idle connection; 0 turns it off. */
  heartbeatMs?: number;
}

/** Proxies (and the gateway) drop connections that stay silent for long; browsers ignore comment lines. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

const HEARTBEAT = ': ping\n\n';

interface OpenStream extends EventStream {
  readonly ended: boolean;
}

const openStreams = new WeakMap<Context, OpenStream>();

/** True when the request accepts a streamed reply (`Accept` names text/event-stream). */
export function wantsEventStream(ctx: Context): boolean {
  const accept = ctx.get('accept').toLowerCase();
  return accept.split(',').some((range) => range.split(';', 1)[0]?.trim() === EVENT_STREAM);
}

/**
 * Sends the headers of a 200 event-stream reply and returns the stream to write to. Errors before this call are
 * ordinary JSON error replies; once it is open, a thrown error ends the stream with an `error` event instead.
 */
export function openEventStream(ctx: Context, options: EventStreamOptions = {}): EventStream {
  const existing = openStreams.get(ctx);
  if (existing) return existing;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const res = ctx.res;
  const aborter = new AbortController();
  let ended = false;
  let heartbeat: NodeJS.Timeout | undefined;

  ctx.status = 200;
  ctx.respond = false;
  res.writeHead(200, {
    'content-type': `${EVENT_STREAM}; charset=utf-8`,
    // no-transform: intermediaries must neither compress nor rewrite it (a compressor would hold events back).
    'cache-control': 'no-cache, no-transform',
    // nginx (an ingress) buffers proxied replies unless told not to.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.flushHeaders();

  const writable = () => !ended && !res.destroyed && !res.writableEnded;
  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
  };
  const clientLeft = () => {
    stopHeartbeat();
    if (!ended) aborter.abort(new Error('the client closed the event stream'));
  };
  res.once('close', clientLeft);
  if (heartbeatMs > 0) {
    heartbeat = setInterval(() => {
      if (writable()) res.write(HEARTBEAT);
    }, heartbeatMs);
  }

  const stream: OpenStream = {
    send(event) {
      // A client that is gone is not an error: the handler carries on (and saves what it was writing).
      if (!writable()) return;
      res.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    get closed() {
      return ended || aborter.signal.aborted || res.destroyed;
    },
    get ended() {
      return ended;
    },
    signal: aborter.signal,
    end() {
      if (ended) return;
      ended = true;
      stopHeartbeat();
      if (!res.writableEnded) res.end();
    },
  };
  openStreams.set(ctx, stream);
  // The client may have gone while the handler was still getting ready (its 'close' came and went unheard).
  if (ctx.req.socket.destroyed) clientLeft();
  return stream;
}

/** The stream this request opened, if any (the edge middleware: logs, metrics and errors). */
export function eventStreamOf(
  ctx: Context,
): { readonly ended: boolean; send(event: unknown): void; end(): void } | undefined {
  return openStreams.get(ctx);
}

/** The last event of a stream that failed: the same shape on every endpoint (the contracts' `…ErrorEventSchema`s). */
export interface ErrorEvent {
  type: 'error';
  error: string;
  code: ErrorCode;
  /** The balance after the refund, when the error knows it (a charged tool released its hold). */
  remainingCredits?: number | null;
}

/**
 * The error event for anything thrown: an AppError speaks its own words, code and refunded balance; anything else
 * (a bug) says `unexpectedText` (the tool's "please try again") with INTERNAL, never its own message.
 */
export function errorEventOf(error: unknown, unexpectedText: string): ErrorEvent {
  if (!isAppError(error)) return { type: 'error', error: unexpectedText, code: ErrorCode.INTERNAL };
  const remaining = error.details.remainingCredits;
  return {
    type: 'error',
    error: error.message,
    code: error.code,
    ...(typeof remaining === 'number' || remaining === null ? { remainingCredits: remaining } : {}),
  };
}
