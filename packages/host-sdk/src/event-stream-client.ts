// The reading half of ApiClient.stream: parses a `text/event-stream` reply's Server-Sent Events with
// eventsource-parser and yields each event's JSON `data`, checked by the endpoint's event schema. A refused call
// throws the ApiError a JSON call would.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ErrorCode, EVENT_STREAM } from '@act/contracts';
import type { ReplySchema } from './api-client';
import { ApiError, apiErrorFromReply } from './api-error';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads an event-stream reply (ApiClient.stream asked for it), yielding each event's JSON `data` checked by `schema`.
 * Comments (the `: ping` heartbeats) are skipped. Throws ApiError: the server's text and code for a non-2xx reply
 * (402, 401 after the refresh, 503...), the fallback for a lost connection or an event the schema refuses. Leaving
 * the loop early cancels the request.
 */
export async function* readEventStream<T>(
  response: Response,
  schema: ReplySchema<T>,
  options: { signal?: AbortSignal; fallbackError: string },
): AsyncGenerator<T, void, undefined> {
  const { signal, fallbackError } = options;
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.toLowerCase().startsWith(EVENT_STREAM) || !response.body) {
    // A refusal comes as the usual JSON error reply; a 2xx that is not a stream is a server fault to the user.
    const json = await readJson(response);
    if (!response.ok) throw apiErrorFromReply(response.status, json, fallbackError);
    throw new ApiError(fallbackError, ErrorCode.INTERNAL, response.status);
  }

  const messages: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => messages.push(message) });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (isAbort(error) || signal?.aborted) throw signal?.reason ?? error;
        // The connection dropped mid-reply: the reply itself may well go on being written on the server.
        throw new ApiError(fallbackError, ErrorCode.SERVICE_UNAVAILABLE, 0);
      }
      if (chunk.done) break;
      parser.feed(chunk.value);
      while (messages.length > 0) {
        signal?.throwIfAborted();
        yield parseEvent(messages.shift()!, schema, fallbackError, response.status);
      }
    }
    finished = true;
  } finally {
    // An early return or throw (the caller left the loop, an abort, a bad event) releases the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

function parseEvent<T>(
  message: EventSourceMessage,
  schema: ReplySchema<T>,
  fallbackError: string,
  status: number,
): T {
  try {
    return schema.parse(JSON.parse(message.data) as unknown);
  } catch {
    // An event we cannot read is a server fault from the user's point of view: show the spec's fallback.
    throw new ApiError(fallbackError, ErrorCode.INTERNAL, status);
  }
}
