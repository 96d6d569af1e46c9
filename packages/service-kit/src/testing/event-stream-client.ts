// The event-stream (SSE) client of the tests: a reply's blocks as they arrive, time-stamped, their `data:` events
// parsed, and a live call a test can wait on event by event and hang up, as a closed tab would. Every test file
// reads streams through it (the browser's own client is `readEventStream` in @act/host-sdk's api-client).
import { EVENT_STREAM } from '@act/contracts';

export interface StreamBlock {
  /** One block of the stream (an event or a comment) without its blank line. */
  text: string;
  /** When it arrived: ms since `sentAt`. */
  at: number;
}

/** Calls `onBlock` with each block of an event-stream body as it arrives; resolves when the body ends. */
async function forEachBlock(
  body: ReadableStream<Uint8Array>,
  sentAt: number,
  onBlock: (block: StreamBlock) => void,
): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const text = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      onBlock({ text, at: performance.now() - sentAt });
    }
  }
}

/** Every block of an event-stream reply, time-stamped on arrival; `onBlock` hears each as it comes. */
export async function readStreamBlocks(
  response: Response,
  { sentAt = performance.now(), onBlock }: { sentAt?: number; onBlock?: (block: StreamBlock) => void } = {},
): Promise<StreamBlock[]> {
  const blocks: StreamBlock[] = [];
  await forEachBlock(response.body!, sentAt, (block) => {
    blocks.push(block);
    onBlock?.(block);
  });
  return blocks;
}

/** The data of one block (its `data:` lines, joined), or null for a comment such as `: ping`. */
export function dataOf(block: string): string | null {
  const lines = block
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));
  return lines.length ? lines.join('\n') : null;
}

/** The JSON of every event among the blocks, comments left out. */
export function eventsOf<T = unknown>(blocks: readonly StreamBlock[]): T[] {
  return blocks.flatMap((block) => {
    const data = dataOf(block.text);
    return data === null ? [] : [JSON.parse(data) as T];
  });
}

export interface EventStreamCall<E extends { type: string }> {
  status: number;
  contentType: string | null;
  /** The events so far (grows while the stream runs). */
  events: E[];
  /** Resolves once an event of that type (or matching) has arrived; rejects when the stream ends without one. */
  next(match: E['type'] | ((event: E) => boolean)): Promise<E>;
  /** Resolves when the stream ends, however it ends (`all()` says how). */
  ended: Promise<void>;
  /** Every event once the stream has ended; rejects when it broke off (not hung up) or an event did not parse. */
  all(): Promise<E[]>;
  /** Hangs up (as a closed tab would). */
  hangUp(): void;
}

export interface PostEventStreamOptions<E> {
  /** Checks each event's JSON (a contracts schema's parse); by default it is taken as it is. */
  parse?: (value: unknown) => E;
  headers?: Record<string, string>;
  /** GET follows a stream without a body (a chat reply followed by its id); POST sends `body` as JSON (default). */
  method?: 'GET' | 'POST';
}

/** POSTs JSON to `base + path` with `Accept: text/event-stream` (and the member's token), reading events as they arrive. */
export async function postEventStream<E extends { type: string }>(
  base: string,
  path: string,
  body: unknown,
  token?: string,
  { parse = (value) => value as E, headers = {}, method = 'POST' }: PostEventStreamOptions<E> = {},
): Promise<EventStreamCall<E>> {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      accept: EVENT_STREAM,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    signal: controller.signal,
  });
  const events: E[] = [];
  const waiters = new Set<() => void>();
  let failure: { error: unknown } | undefined;
  let done = false;
  const ended = (async () => {
    if (!response.body) return;
    try {
      await forEachBlock(response.body, performance.now(), (block) => {
        const data = dataOf(block.text);
        if (data === null) return;
        events.push(parse(JSON.parse(data)));
        for (const wake of waiters) wake();
      });
    } catch (error) {
      if (!controller.signal.aborted) failure = { error };
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    events,
    ended,
    hangUp: () => controller.abort(),
    async all() {
      await ended;
      if (failure) throw failure.error;
      return events;
    },
    next(match) {
      const test = typeof match === 'string' ? (event: E) => event.type === match : match;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(test);
          if (found) {
            waiters.delete(check);
            resolve(found);
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended without that event: ${JSON.stringify(events)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}
