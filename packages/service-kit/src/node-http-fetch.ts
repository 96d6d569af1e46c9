// The `fetch` the provider's OpenAI client calls: node:http(s) on keep-alive agents shared by every reply. The chat
// service holds hundreds of provider streams open at once, and Node's built-in fetch costs each of them more than the
// rest of its provider call (its request and response machinery, a pool client and a teed web body per request:
// about 45 KB against 22 KB per open stream with this one, measured with 200 streams after a full collection).
// Only what the SDK sends is covered, anything else goes to the built-in fetch: a string or byte body, an AbortSignal
// that destroys the request, compressed replies decoded as fetch would. An event stream's body is the Node response
// itself: the SDK reads a body through its async iterator (and cancels it through the iterator's return), which spares
// every open reply a web stream, its controller and reader.
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

const IDLE_MS = 4_000;

/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([204, 205, 304]);

type Protocol = 'http:' | 'https:';

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  // The SDK and its stream reader take an error named AbortError for "stopped on purpose".
  return reason instanceof Error && reason.name === 'AbortError'
    ? reason
    : new DOMException('This operation was aborted', 'AbortError');
}

function decoded(res: http.IncomingMessage): Readable {
  const encoding = res.headers['content-encoding']?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!decoder) return res;
  res.once('error', (error) => decoder.destroy(error));
  res.once('close', () => {
    if (!res.complete) decoder.destroy(new TypeError('terminated: the provider closed the connection'));
  });
  decoder.once('close', () => res.destroy());
  // Whoever reads the body hears of its errors through its own listener; none may go unheard before that.
  decoder.on('error', () => undefined);
  return res.pipe(decoder);
}

/** A web stream over a Node readable (a body read with text() or json()): destroyed when cancelled. */
function webBody(source: Readable): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      source.on('data', (chunk: Buffer) => {
        if (settled) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) source.pause();
      });
      source.once('end', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      };
      source.once('error', fail);
      // Closed before its end without an error (the connection was cut): the body is incomplete.
      source.once('close', () => fail(new TypeError('terminated: the provider closed the connection')));
    },
    pull() {
      source.resume();
    },
    cancel(reason) {
      settled = true;
      source.destroy(reason instanceof Error ? reason : undefined);
    },
  });
}

function toResponse(res: http.IncomingMessage, method: string): Response {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const status = res.statusCode ?? 200;
  const init = { status, statusText: res.statusMessage, headers };
  if (NULL_BODY.has(status) || method === 'HEAD') {
    res.resume();
    return new Response(null, init);
  }
  const body = decoded(res);
  const eventStream = headers.get('content-type')?.toLowerCase().startsWith('text/event-stream');
  if (!eventStream || status < 200 || status > 299) return new Response(webBody(body), init);
  const response = new Response(null, init);
  Object.defineProperty(response, 'body', { value: body, enumerable: true });
  return response;
}

/**
 * Sends one request. Kept apart from what outlives it: the closures that stay with an open reply (the abort
 * listener) must not hold the request body, which may carry a whole attachment.
 */
function send(
  agent: http.Agent,
  protocol: Protocol,
  url: URL,
  method: string,
  headers: string[],
  body: string | Uint8Array | undefined,
): http.ClientRequest {
  const request = (protocol === 'https:' ? https : http).request({
    protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    method,
    headers,
    agent,
  });
  request.end(body);
  return request;
}

function follow(request: http.ClientRequest, method: string, signal: AbortSignal | null | undefined) {
  return new Promise<Response>((resolve, reject) => {
    let response: http.IncomingMessage | undefined;
    const onAbort = () => {
      const error = abortError(signal!);
      request.destroy(error);
      response?.destroy(error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    // Kept for the request's life: a socket error after the response would otherwise be thrown.
    request.on('error', (error) => {
      done();
      reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error }));
    });
    request.once('response', (res) => {
      response = res;
      res.once('close', done);
      resolve(toResponse(res, method));
    });
  });
}

export function createNodeHttpFetch(): typeof fetch {
  // An idle connection is closed after 4 s, as the built-in fetch does (sooner when the server's Keep-Alive hint says
  // so), so a reply seldom meets a connection the provider already dropped; one in use is never timed out here.
  const agents: Record<Protocol, http.Agent> = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
  };

  return (async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const { body, signal } = init;
    const url = new URL(input instanceof Request ? input.url : input);
    const protocol = url.protocol === 'https:' || url.protocol === 'http:' ? url.protocol : undefined;
    if (
      input instanceof Request ||
      !protocol ||
      (body != null && typeof body !== 'string' && !(body instanceof Uint8Array))
    ) {
      return fetch(input, init);
    }
    if (signal?.aborted) throw abortError(signal);
    const method = (init.method ?? 'GET').toUpperCase();
    // A flat list, which node:http writes out at once instead of keeping a header table for the whole reply.
    const headers: string[] = ['host', url.host];
    new Headers(init.headers).forEach((value, name) => {
      if (name !== 'host' && name !== 'content-length') headers.push(name, value);
    });
    if (body != null) headers.push('content-length', String(Buffer.byteLength(body)));
    return follow(send(agents[protocol], protocol, url, method, headers, body ?? undefined), method, signal);
  }) as typeof fetch;
}
