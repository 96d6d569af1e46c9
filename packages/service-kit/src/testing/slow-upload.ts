// A client that sends a body slowly over a raw socket (chunked, one byte at a time), as a hostile client holding a
// server's body budget would: the body-limit tests of the kit and the gateway. fetch() cannot pace a body like this.
import net from 'node:net';
import { expect } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';

/**
 * The minimum-rate rule a test starts a service process with: a second's window, so a test need not wait ten;
 * `startSlowUpload`'s byte every 200 ms is far below 1 KB/s (docs/limits.md).
 */
export const QUICK_BODY_RATE_ENV = {
  BODY_MIN_BYTES_PER_SECOND: '1024',
  BODY_RATE_WINDOW_MS: '1000',
} as const;

/** Waits for each slow upload's answer: cut with 408 and the contracts' text, as the minimum-rate rule says. */
export async function expectCutAsTooSlow(uploads: readonly SlowUpload[]): Promise<void> {
  for (const { answer } of uploads) {
    const { status, text } = await answer;
    expect(status).toBe(408);
    expect(text).toContain(ERROR_TEXTS.server.uploadTooSlow);
  }
}

export interface SlowUploadOptions {
  /** Request headers besides Host, Content-Type and Transfer-Encoding (a member's authorization, a client IP). */
  headers?: Record<string, string>;
  /** The body's first chunk, sent with the headers (default: the start of a JSON image upload). */
  first?: string;
  /** Pause between the following one-byte chunks (default 200 ms). */
  intervalMs?: number;
}

export interface SlowAnswer {
  /** The status line's code, or 0 when the connection closed without an answer. */
  status: number;
  /** The answer's body (chunked framing left in, for the texts it says). */
  text: string;
}

export interface SlowUpload {
  /** What the server answered, once it has closed the connection. */
  answer: Promise<SlowAnswer>;
  /** Stops sending and closes the socket. */
  stop(): void;
}

/** Starts a chunked POST to `url` + `path` whose body never ends, one byte every `intervalMs`. */
export function startSlowUpload(
  url: string,
  path: string,
  { headers = {}, first = '{"image":"data:image/png;base64,', intervalMs = 200 }: SlowUploadOptions = {},
): SlowUpload {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const chunk = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
  const lines = Object.entries({
    host: hostname,
    'content-type': 'application/json',
    'transfer-encoding': 'chunked',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${chunk(first)}`);
  const timer = setInterval(() => {
    if (socket.writable) socket.write(chunk('A'));
  }, intervalMs);
  const received: Buffer[] = [];
  socket.on('data', (data: Buffer) => received.push(data));
  const answer = new Promise<SlowAnswer>((resolve) => {
    const done = () => {
      clearInterval(timer);
      const raw = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, text: raw.slice(raw.indexOf('\r\n\r\n') + 4) });
    };
    socket.once('close', done);
    // A write into a socket the server closed (EPIPE, ECONNRESET) ends the upload, as its close does.
    socket.on('error', () => undefined);
  });
  return {
    answer,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}
