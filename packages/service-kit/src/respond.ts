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
   * On an event stream, `clientGone` aborts when the client leaves (the stream's own signal: a work that only follows
   * needs no request signal of its own); absent for JSON.
   */
  run(emit: (event: ProgressEvent<E>) => void, clientGone?: AbortSignal): Promise<R>;
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
 * that belongs to the server, such as a chat reply, carries on), and nothing more is written. For JSON it resolves
 * with the reply; for an event stream as soon as the stream is open (the stream then runs to its end by itself).
 */
export async function respond<E extends Endpoint, R>(
  ctx: Context,
  spec: ReplySpec<E, R>,
): Promise<EndpointReply<E> | undefined> {
  if (!wantsEventStream(ctx)) return spec.reply(await spec.run(() => undefined));

  const stream = openEventStream(ctx);
  // The handler returns once the stream is open and the stream carries on by itself: the request's middleware
  // (edge, body parser, auth, endpoint) ends now instead of waiting as long as the reply, each an async frame per
  // open stream (docs/architecture.md#performance). The edge logs the request when the stream ends.
  const reply = new StreamedReply(ctx, stream, spec);
  if (stream.signal.aborted) reply.finish();
  else stream.signal.addEventListener('abort', reply, { once: true });
  try {
    spec
      .run((progress) => stream.send(progress), stream.signal)
      .then(
        (result) => reply.finished(result),
        (error: unknown) => reply.failed(error),
      );
  } catch (error) {
    reply.failed(error);
  }
  return undefined;
}

/**
 * One event-stream reply from its opening to its last event: its state on one object and its methods shared by every
 * reply, itself the listener of the client's leaving (handleEvent), rather than four closures per open reply
 * (docs/architecture.md#performance).
 */
class StreamedReply<E extends Endpoint, R> {
  private open = true;

  constructor(
    private readonly ctx: Context,
    private readonly stream: EventStream,
    private readonly spec: ReplySpec<E, R>,
  ) {}

  /** The client left: nothing more is written. */
  handleEvent(): void {
    this.finish();
  }

  finish(event?: object): void {
    if (!this.open) return;
    this.open = false;
    if (event) this.stream.send(event);
    this.stream.end();
  }

  finished(result: R): void {
    if (!this.open) return;
    try {
      const fields = (this.spec.done ? this.spec.done(result) : this.spec.reply(result)) as object;
      this.finish({ type: 'done', ...fields });
    } catch (error) {
      this.failed(error);
    }
  }

  failed(error: unknown): void {
    // Said only to a client still listening; after it left, nobody reads it (and the work ended for that reason).
    if (!this.open || this.stream.closed) return this.finish();
    if (!isAppError(error)) {
      (this.ctx.state as { log?: Logger }).log?.error({ err: error }, 'unhandled error in an event stream');
    }
    this.finish(errorEventOf(error, this.spec.failed));
  }
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
  const stream = new NodeEventStream(ctx, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  openStreams.set(ctx, stream);
  // The client may have gone while the handler was still getting ready (its 'close' came and went unheard).
  if (ctx.req.socket.destroyed) stream.clientLeft();
  return stream;
}

/**
 * Lets go of the request's headers once its stream is open: they were read before it (the caller's token, the body's
 * length and type, Accept, the request id) and nothing reads them while the stream lasts, which is as long as its
 * reply. The caller's JWT and the gateway's forwarded headers were about 1 KB per open chat reply
 * (docs/performance.md#chats-32-kb-on-this-design).
 */
function forgetRequestHeaders(req: Context['req']): void {
  req.headers = {};
  req.rawHeaders = [];
}

/**
 * One open stream: its state on one object, its methods shared by every stream (a stream lives as long as its reply,
 * and closures per stream are memory per open reply).
 */
class NodeEventStream implements OpenStream {
  readonly signal: AbortSignal;
  ended = false;
  private readonly res: Context['res'];
  private readonly aborter = new AbortController();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(ctx: Context, heartbeatMs: number) {
    const res = ctx.res;
    this.res = res;
    this.signal = this.aborter.signal;
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
    forgetRequestHeaders(ctx.req);
    res.once('close', () => this.clientLeft());
    if (heartbeatMs > 0) this.heartbeat = setInterval(ping, heartbeatMs, this);
  }

  writable(): boolean {
    return !this.ended && !this.res.destroyed && !this.res.writableEnded;
  }

  write(text: string): void {
    this.res.write(text);
  }

  clientLeft(): void {
    this.stopHeartbeat();
    if (!this.ended) this.aborter.abort(new Error('the client closed the event stream'));
  }

  send(event: unknown): void {
    // A client that is gone is not an error: the handler carries on (and saves what it was writing).
    if (!this.writable()) return;
    this.res.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  get closed(): boolean {
    return this.ended || this.signal.aborted || this.res.destroyed;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.stopHeartbeat();
    if (!this.res.writableEnded) this.res.end();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

/** The heartbeat of one stream (a function shared by all, the stream its argument). */
function ping(stream: NodeEventStream): void {
  if (stream.writable()) stream.write(HEARTBEAT);
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
