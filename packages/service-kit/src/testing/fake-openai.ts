// A local HTTP server speaking the OpenAI chat-completions wire format, for tests of the adapter and the service.
// Each test scripts its answers (text, HTTP errors, delays, slow streams) and reads back the requests it received.
// A request with `stream: true` is answered with Server-Sent Events (`data: <chunk>` … `data: [DONE]`), as OpenRouter
// does: answer deltas in `delta.content`, reasoning in `delta.reasoning`, an error after some chunks as a
// `data: {"error":…}` event or a cut connection; the fake records when the client closed the connection early.
// Web search results come back as OpenRouter sends them: `url_citation` annotations on the first content delta of a
// stream (`message.annotations` in a whole answer). Every request body is kept as received (content parts, plugins).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: Array<{
      role: string;
      content:
        | string
        | Array<{
            type: string;
            text?: string;
            image_url?: { url: string; detail?: string };
            file?: { filename?: string; file_data?: string };
          }>;
    }>;
    max_tokens?: number;
    temperature?: number;
    stream?: boolean;
    /** OpenRouter plugins (web search: `{ id: 'web' }`), forwarded as sent. */
    plugins?: Array<{ id: string; [option: string]: unknown }>;
  };
  /** Set when the client closed the connection before the answer ended (an aborted stream: Stop). */
  clientClosedAt?: number;
  /** Chunks of a streamed answer written before the answer ended or the client went away. */
  chunksSent: number;
}

/** A web search result as OpenRouter annotates an answer with it. */
export interface FakeCitation {
  url: string;
  title?: string;
  content?: string;
}

export type FakeAnswer =
  | { kind: 'text'; text: string; delayMs?: number; annotations?: FakeCitation[] }
  | { kind: 'error'; status: number; message?: string; retryAfter?: string }
  | { kind: 'hang'; delayMs: number; text?: string }
  | FakeStream;

/**
 * A streamed answer (the request must ask for `stream: true`; otherwise its text comes back whole): `reasoning`
 * chunks first, then `chunks` of answer text, one every `chunkDelayMs`. `failAfter` ends the stream after that many
 * chunks (reasoning included): `error` sends an in-stream error event as OpenRouter does, `cut` drops the connection.
 */
export interface FakeStream {
  kind: 'stream';
  chunks: string[];
  reasoning?: string[];
  chunkDelayMs?: number;
  /** Wait before the first chunk (time to first token). */
  firstChunkDelayMs?: number;
  failAfter?: { chunks: number; how: 'error' | 'cut' };
  /** Web search results, sent as `delta.annotations` with the first answer chunk. */
  annotations?: FakeCitation[];
}

export interface FakeOpenAi {
  /** Base URL to hand to the adapter (ends in /v1, like the real APIs). */
  baseUrl: string;
  requests: ChatRequest[];
  /** Resolves with the first request (counting from `fromIndex`) whose client closes the connection early. */
  whenClientCloses(fromIndex?: number): Promise<ChatRequest>;
  /** Answers used in order, one per request; after they run out, `fallback` answers. */
  script(...answers: FakeAnswer[]): void;
  /** The answer for any request beyond the script (default: an echo of the model id). */
  setFallback(answer: FakeAnswer | ((request: ChatRequest) => FakeAnswer)): void;
  reset(): void;
  close(): Promise<void>;
}

function urlCitations(annotations: readonly FakeCitation[] | undefined) {
  return (annotations ?? []).map((citation) => ({
    type: 'url_citation',
    url_citation: { start_index: 0, end_index: 0, ...citation },
  }));
}

function completion(model: string, text: string, annotations?: FakeCitation[]) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: text,
          refusal: null,
          ...(annotations?.length ? { annotations: urlCitations(annotations) } : {}),
        },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function chunk(
  model: string,
  id: string,
  delta: Record<string, unknown>,
  finishReason: string | null = null,
) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  };
}

async function readJson(req: IncomingMessage): Promise<ChatRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest['body'];
}

/**
 * Starts the fake on a free port of `host` (the loopback by default; the compose test listens on the Docker bridge's
 * address so containers reach it).
 */
export async function startFakeOpenAi({ host = '127.0.0.1' }: { host?: string } = {}): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  let queue: FakeAnswer[] = [];
  let fallback: FakeAnswer | ((request: ChatRequest) => FakeAnswer) = {
    kind: 'text',
    text: 'A generated answer.',
  };
  const timers = new Set<NodeJS.Timeout>();
  const closeWaiters = new Set<() => void>();
  const notifyClose = () => {
    for (const wake of closeWaiters) wake();
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  async function stream(res: ServerResponse, request: ChatRequest, answer: FakeStream): Promise<void> {
    const { model } = request.body;
    const id = `gen-${Math.random().toString(36).slice(2)}`;
    const write = (data: unknown) => {
      if (res.destroyed) return false;
      res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      return true;
    };
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-generation-id': id,
    });
    // OpenRouter's keep-alive comment, which clients must skip.
    res.write(': OPENROUTER PROCESSING\n\n');
    if (answer.firstChunkDelayMs) await wait(answer.firstChunkDelayMs);
    const deltas = [
      ...(answer.reasoning ?? []).map((text) => ({ role: 'assistant', content: '', reasoning: text })),
      ...answer.chunks.map((text, index) => ({
        role: 'assistant',
        content: text,
        ...(index === 0 && answer.annotations?.length
          ? { annotations: urlCitations(answer.annotations) }
          : {}),
      })),
    ];
    const fail = async (how: 'error' | 'cut') => {
      // Cut after what was sent has had time to reach the client.
      if (how === 'cut') {
        await wait(30);
        res.destroy();
      } else {
        write({
          id,
          object: 'chat.completion.chunk',
          error: { code: 502, message: 'fake upstream failure' },
        });
        res.end();
      }
    };
    for (const [index, delta] of deltas.entries()) {
      if (answer.failAfter && index >= answer.failAfter.chunks) return await fail(answer.failAfter.how);
      if (index > 0 && answer.chunkDelayMs) await wait(answer.chunkDelayMs);
      if (!write(chunk(model, id, delta))) return;
      request.chunksSent += 1;
    }
    if (answer.failAfter) return await fail(answer.failAfter.how);
    write({
      ...chunk(model, id, {}, 'stop'),
      usage: { prompt_tokens: 10, completion_tokens: deltas.length, total_tokens: 10 + deltas.length },
    });
    write('[DONE]');
    res.end();
  }

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        send(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
        return;
      }
      const request: ChatRequest = { headers: req.headers, body: await readJson(req), chunksSent: 0 };
      requests.push(request);
      // The response closing before it finished is the client going away (an aborted request).
      res.once('close', () => {
        if (!res.writableFinished) {
          request.clientClosedAt = Date.now();
          notifyClose();
        }
      });
      const answer = queue.shift() ?? (typeof fallback === 'function' ? fallback(request) : fallback);
      switch (answer.kind) {
        case 'text':
          if (answer.delayMs) await wait(answer.delayMs);
          if (request.body.stream) {
            await stream(res, request, {
              kind: 'stream',
              chunks: [answer.text],
              ...(answer.annotations ? { annotations: answer.annotations } : {}),
            });
          } else send(res, 200, completion(request.body.model, answer.text, answer.annotations));
          return;
        case 'stream':
          if (request.body.stream) await stream(res, request, answer);
          else
            send(
              res,
              200,
              completion(
                request.body.model,
                [...(answer.reasoning ?? []), ...answer.chunks].join(''),
                answer.annotations,
              ),
            );
          return;
        case 'error':
          send(
            res,
            answer.status,
            {
              error: {
                message: answer.message ?? `fake error ${answer.status}`,
                type: 'server_error',
                code: null,
              },
            },
            answer.retryAfter ? { 'retry-after': answer.retryAfter } : {},
          );
          return;
        case 'hang':
          await wait(answer.delayMs);
          send(res, 200, completion(request.body.model, answer.text ?? 'too late'));
          return;
      }
    })().catch(() => send(res, 500, { error: { message: 'fake server failure' } }));
  });
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://${host}:${port}/v1`,
    requests,
    whenClientCloses: (fromIndex = 0) =>
      new Promise<ChatRequest>((resolve) => {
        const check = () => {
          const closed = requests.slice(fromIndex).find((request) => request.clientClosedAt !== undefined);
          if (!closed) return;
          closeWaiters.delete(check);
          resolve(closed);
        };
        closeWaiters.add(check);
        check();
      }),
    script: (...answers) => {
      queue.push(...answers);
    },
    setFallback: (answer) => {
      fallback = answer;
    },
    reset: () => {
      queue = [];
      requests.length = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
