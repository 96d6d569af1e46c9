// A local search provider for tests and the e2e run, speaking both wire formats Deep Search reads: SearXNG's
// `GET /search?q=…&format=json` ({ results: [{ url, title, content }] }) and Brave's `GET /res/v1/web/search?q=…`
// with `X-Subscription-Token` ({ web: { results: [{ url, title, description }] } }). Each query is answered by the
// test's `answer` function: results, or a hostile answer (hang, junk, an error status).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeResult {
  url: string;
  title: string;
  snippet: string;
}

export type FakeSearchAnswer =
  | { kind: 'results'; results: FakeResult[] }
  | { kind: 'hang' }
  | { kind: 'junk'; body: string }
  | { kind: 'status'; status: number };

export interface FakeSearch {
  /** Base URL for SEARXNG_URL or BRAVE_SEARCH_BASE_URL. */
  baseUrl: string;
  /** Every query received, with the wire format it came in. */
  queries: Array<{ format: 'searxng' | 'brave'; q: string; token?: string }>;
  answer: (query: string) => FakeSearchAnswer;
  close(): Promise<void>;
}

export const FAKE_BRAVE_KEY = 'brave-test-key';

export async function startFakeSearch(
  answer: (query: string) => FakeSearchAnswer = () => ({ kind: 'results', results: [] }),
  {
    host = '127.0.0.1',
    pages = {},
  }: {
    host?: string;
    /** HTML pages served at `/pages/<name>` (the e2e run's results point at them; the service reads loopback there). */
    pages?: Record<string, string>;
  } = {},
): Promise<FakeSearch> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeSearch = {
    baseUrl: '',
    queries: [],
    answer,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams.get('q') ?? '';
    const page = url.pathname.startsWith('/pages/') ? pages[url.pathname.slice('/pages/'.length)] : undefined;
    if (page !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    let format: 'searxng' | 'brave';
    if (url.pathname === '/search' && url.searchParams.get('format') === 'json') format = 'searxng';
    else if (url.pathname === '/res/v1/web/search') {
      format = 'brave';
      if (req.headers['x-subscription-token'] !== FAKE_BRAVE_KEY) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"type":"ErrorResponse"}');
        return;
      }
    } else {
      res.writeHead(404).end();
      return;
    }
    const token = req.headers['x-subscription-token'];
    fake.queries.push({ format, q, ...(typeof token === 'string' ? { token } : {}) });
    const reply = fake.answer(q);
    switch (reply.kind) {
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'junk':
        res.writeHead(200, { 'content-type': 'application/json' }).end(reply.body);
        return;
      case 'status':
        res.writeHead(reply.status).end();
        return;
      case 'results': {
        const body =
          format === 'searxng'
            ? {
                query: q,
                results: reply.results.map((r) => ({ url: r.url, title: r.title, content: r.snippet })),
              }
            : {
                type: 'search',
                query: { original: q },
                web: {
                  type: 'search',
                  results: reply.results.map((r) => ({ url: r.url, title: r.title, description: r.snippet })),
                },
              };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  fake.baseUrl = `http://${host}:${(server.address() as AddressInfo).port}`;
  return fake;
}
