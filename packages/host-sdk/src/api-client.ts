// The browser's one client for the gateway's API, called by endpoint definition (typed by its schemas): attaches the
// bearer token, refreshes once on 401 and retries, parses the reply (or each streamed event) with the endpoint's
// schema, and turns every failure into an ApiError carrying the spec's text. A streamed reply's Server-Sent Events are
// read here too (`readEventStream`, with eventsource-parser).
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ERROR_TEXTS, ErrorCode, EVENT_STREAM, failureTextOf, type Endpoint } from '@act/contracts';
import { ApiError, apiErrorFromReply } from './api-error';
import {
  endpointUrl,
  sendsBody,
  type CallArgs,
  type CallControl,
  type CallOptions,
  type CallRequest,
  type EventOf,
  type ReplyOf,
  type StreamedEndpoint,
} from './endpoint-call';

/** Anything with zod's parse(): a reply's or an event's schema. */
export interface ReplySchema<T> {
  parse(data: unknown): T;
}

export interface RawCallOptions {
  /** The Accept header; application/json by default. */
  accept?: string;
}

export interface ApiClient {
  /**
   * Calls one endpoint: its path with `params` filled, `query` appended (GET, DELETE) or `body` sent as JSON (POST,
   * PUT, PATCH), all typed by the endpoint's schemas; resolves to the reply parsed by its reply schema. Throws
   * ApiError: the server's text and code for a refusal, the fallback for no answer or a reply the schema refuses.
   *
   * @example
   * const { prompt } = await api.call(PROMPT_ENDPOINTS.generateTextPrompt, { body: { text, toolName: 'magic-enhance' } });
   */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ReplyOf<E>>;
  /**
   * Calls a streamed endpoint asking for `text/event-stream` and yields its events as they arrive, each parsed by
   * the endpoint's event schema (SSE read from a fetch POST, so the bearer token and its refresh apply). A refusal
   * throws the ApiError `call` would; leaving the loop early or the signal cancels the request.
   */
  stream<E extends StreamedEndpoint>(endpoint: E, ...args: CallArgs<E>): AsyncGenerator<EventOf<E>, void>;
  /**
   * The same call with the same token handling (bearer, one refresh on 401 and one retry), answered with the
   * Response itself, whatever its status: for replies that are not one JSON document (a binary download). No answer
   * at all throws ApiError(fallbackError, SERVICE_UNAVAILABLE, 0); an abort throws the AbortError.
   */
  fetchRaw<E extends Endpoint>(
    endpoint: E,
    ...args: object extends CallRequest<E>
      ? [options?: CallOptions<E> & RawCallOptions]
      : [options: CallOptions<E> & RawCallOptions]
  ): Promise<Response>;
}

export interface ApiClientOptions {
  /** Current access token, or null for a guest. */
  getAccessToken(): Promise<string | null>;
  /** Gets a fresh access token after a 401; null when the session is gone. */
  refresh(): Promise<string | null>;
  /** Prefix for paths; '' (same origin, through the gateway) by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(
    method: string,
    url: string,
    body: unknown,
    token: string | null,
    signal?: AbortSignal,
    accept = 'application/json',
  ) {
    const headers: Record<string, string> = { accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    return doFetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  }

  /** One request with the token handling; the Response whatever its status. */
  async function exchange(
    method: string,
    url: string,
    body: unknown,
    opts: CallControl & RawCallOptions,
  ): Promise<Response> {
    const fallbackError = opts.fallbackError ?? ERROR_TEXTS.generic.unexpected;
    try {
      const token = await options.getAccessToken();
      let response = await send(method, url, body, token, opts.signal, opts.accept);
      // An access token can expire between the check and the call; one refresh and one retry, never a loop.
      if (response.status === 401) {
        const fresh = await options.refresh();
        if (fresh) {
          // The refused reply's body is not read: release it so the connection can be reused.
          void response.body?.cancel().catch(() => undefined);
          response = await send(method, url, body, fresh, opts.signal, opts.accept);
        }
      }
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(fallbackError, ErrorCode.SERVICE_UNAVAILABLE, 0);
    }
  }

  function fetchRaw(
    endpoint: Endpoint,
    opts: CallOptions<Endpoint> & RawCallOptions = {},
  ): Promise<Response> {
    const request = opts as { body?: unknown; params?: object; query?: object };
    const url = endpointUrl(endpoint, request as never);
    const fallbackError = opts.fallbackError ?? failureTextOf(endpoint);
    return exchange(endpoint.method, url, sendsBody(endpoint) ? request.body : undefined, {
      ...opts,
      fallbackError,
    });
  }

  async function call(endpoint: Endpoint, opts: CallOptions<Endpoint> = {}): Promise<unknown> {
    const fallbackError = opts.fallbackError ?? failureTextOf(endpoint);
    const response = await fetchRaw(endpoint, opts);
    const json = await readJson(response);
    const reply = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
    if (!response.ok || reply?.success === false) {
      throw apiErrorFromReply(response.status, json, fallbackError);
    }
    if (!endpoint.reply) return json;
    const parsed = endpoint.reply.safeParse(json);
    // A reply we cannot read is a server fault from the user's point of view: show the spec's fallback.
    if (!parsed.success) throw new ApiError(fallbackError, ErrorCode.INTERNAL, response.status);
    return parsed.data;
  }

  async function* stream(endpoint: StreamedEndpoint, opts: CallOptions<Endpoint> = {}) {
    const fallbackError = opts.fallbackError ?? failureTextOf(endpoint);
    const response = await fetchRaw(endpoint, { ...opts, accept: EVENT_STREAM });
    yield* readEventStream(response, endpoint.events, { signal: opts.signal, fallbackError });
  }

  return {
    call: call as ApiClient['call'],
    stream: stream as ApiClient['stream'],
    fetchRaw: fetchRaw as ApiClient['fetchRaw'],
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Reads an event-stream reply (ApiClient.stream asked for it), yielding each event's JSON `data` checked by `schema`.
 * Comments (the `: ping` heartbeats) are skipped. Throws ApiError: the server's text and code for a non-2xx reply
 * (402, 401 after the refresh, 503...), the fallback for a lost connection or an event the schema refuses. Leaving
 * the loop early cancels the request.
 */
async function* readEventStream<T>(
  response: Response,
  schema: ReplySchema<T>,
  options: { signal?: AbortSignal; fallbackError: string },
): AsyncGenerator<T, void, undefined> {
  const { signal, fallbackError } = options;
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.toLowerCase().startsWith(EVENT_STREAM) || !response.body) {
    // A refusal comes as the usual JSON error reply; a 2xx that is not a stream is a server fault to the user.
    const json = await readJson(response).catch(() => undefined);
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
