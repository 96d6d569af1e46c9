// Test helper: a fetch function answering from a list of route handlers, so browser code is exercised against the
// gateway's wire format (status codes, JSON envelopes, cookies-by-credentials) without a network.
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Adds or replaces the handler for "METHOD /path" (query string ignored). */
  on(route: string, handler: FakeHandler): void;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function createFakeFetch(routes: Record<string, FakeHandler> = {}): FakeFetch {
  const handlers = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = {
      method,
      url,
      headers,
      body,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    const path = new URL(url, 'http://localhost').pathname;
    const handler = handlers.get(`${method} ${path}`);
    if (!handler) return json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404);
    return handler(request);
  };
  return {
    fetch: fakeFetch as typeof fetch,
    requests,
    on(route, handler) {
      handlers.set(route, handler);
    },
  };
}
