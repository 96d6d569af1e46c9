// Test helper: a Server-Sent Events reply whose body the test writes chunk by chunk, as a slow server would, and
// which errors with an AbortError when the request's signal aborts (as fetch's body does).
export interface FakeEventStream<E = unknown> {
  response: Response;
  /** Writes raw text (any slice of the wire format). */
  write(text: string): void;
  /** Writes one event, `data: <json>\n\n`. */
  send(event: E): void;
  close(): void;
  /** The connection drops mid-reply. */
  fail(): void;
  /** True once the reader cancelled the body (the browser closed the request). */
  readonly cancelled: boolean;
}

export function fakeEventStream<E = unknown>(signal?: AbortSignal | null): FakeEventStream<E> {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
      open = false;
    },
  });
  signal?.addEventListener('abort', () => {
    if (!open) return;
    open = false;
    controller.error(new DOMException('The operation was aborted.', 'AbortError'));
  });
  const write = (text: string) => {
    if (open) controller.enqueue(encoder.encode(text));
  };
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    }),
    write,
    send: (event) => write(`data: ${JSON.stringify(event)}\n\n`),
    close() {
      if (open) controller.close();
      open = false;
    },
    fail() {
      if (open) controller.error(new TypeError('network error'));
      open = false;
    },
    get cancelled() {
      return cancelled;
    },
  };
}
