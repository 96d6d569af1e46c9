// One way to answer an endpoint that can stream (docs/architecture.md#streaming-replies): JSON by default, Server-Sent
// Events when the request's Accept names text/event-stream. The domain work gets an `emit` for its progress events and
// never sees the stream; this sends the last event (`done`, or the one `error` shape) and ends the stream.
import type { Context } from 'koa';
import type { z } from 'zod';
import type { Endpoint } from '@act/contracts';
import { errorEventOf, openEventStream, wantsEventStream } from './event-stream';
import { isAppError } from './errors';
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
