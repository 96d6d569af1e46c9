// Server-Sent Events replies: a route that was asked for `text/event-stream` opens a stream, sends JSON events as
// they happen and ends it. The response bypasses Koa's body handling (ctx.respond = false) so every event leaves at
// once, whether the handler awaits the whole reply or returns and keeps writing. The edge middleware records the
// request's log line and latency when the stream ends, not when its headers go out.
import type { Context } from 'koa';
import { EVENT_STREAM } from '@act/contracts';
import { ErrorCode, isAppError } from './errors';

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
