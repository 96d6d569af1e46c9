// A local HTTP server speaking the OpenAI chat-completions wire format, for tests of the adapter and the service.
// Each test scripts its answers (text, HTTP errors, delays) and reads back the requests it received.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: Array<{
      role: string;
      content: string | Array<{ type: string; text?: string; image_url?: { url: string; detail?: string } }>;
    }>;
    max_tokens?: number;
    temperature?: number;
  };
}

export type FakeAnswer =
  | { kind: 'text'; text: string; delayMs?: number }
  | { kind: 'error'; status: number; message?: string; retryAfter?: string }
  | { kind: 'hang'; delayMs: number; text?: string };

export interface FakeOpenAi {
  /** Base URL to hand to the adapter (ends in /v1, like the real APIs). */
  baseUrl: string;
  requests: ChatRequest[];
  /** Answers used in order, one per request; after they run out, `fallback` answers. */
  script(...answers: FakeAnswer[]): void;
  /** The answer for any request beyond the script (default: an echo of the model id). */
  setFallback(answer: FakeAnswer | ((request: ChatRequest) => FakeAnswer)): void;
  reset(): void;
  close(): Promise<void>;
}

function completion(model: string, text: string) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function readJson(req: IncomingMessage): Promise<ChatRequest['body']> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest['body'];
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  let queue: FakeAnswer[] = [];
  let fallback: FakeAnswer | ((request: ChatRequest) => FakeAnswer) = {
    kind: 'text',
    text: 'A generated answer.',
  };
  const timers = new Set<NodeJS.Timeout>();

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

  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        send(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
        return;
      }
      const request: ChatRequest = { headers: req.headers, body: await readJson(req) };
      requests.push(request);
      const answer = queue.shift() ?? (typeof fallback === 'function' ? fallback(request) : fallback);
      switch (answer.kind) {
        case 'text':
          if (answer.delayMs) await wait(answer.delayMs);
          send(res, 200, completion(request.body.model, answer.text));
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

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
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
