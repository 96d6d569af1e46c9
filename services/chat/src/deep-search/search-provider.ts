// The web search Deep Search runs its sub-questions through (docs/providers.md#deep-search): a SearXNG instance's
// JSON API (SEARXNG_URL, the self-hosted choice) or Brave Search's web search API (BRAVE_SEARCH_API_KEY). Both are
// reads, so a failed call is retried once by the kit's rule; each call is bounded in time and bytes, and an answer
// that is not the provider's JSON shape is a ProviderError ('empty'), never a crash. Each search is counted in the
// provider metrics (observeProvider), as `web-search`.
import { ProviderError, observeProvider, retryProviderCall, serviceMetrics } from '@act/service-kit';

export interface SearchResult {
  url: string;
  title: string;
  snippet: string;
}

export interface SearchProvider {
  readonly name: string;
  /** The results of one query, best first (at most `count`); rejects with a ProviderError. */
  search(query: string, options: { signal: AbortSignal; count: number }): Promise<SearchResult[]>;
}

/** One search call's time limit: a provider that hangs fails this query only. */
const SEARCH_TIMEOUT_MS = 10_000;
/** A search answer larger than this is junk, not results. */
const SEARCH_MAX_BYTES = 2_000_000;

interface JsonCall {
  provider: string;
  url: URL;
  headers: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
}

async function readLimited(response: Response, provider: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > SEARCH_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderError('search answer too large', 'empty', { provider, operation: 'web-search' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function getJson({ provider, url, headers, signal, timeoutMs }: JsonCall): Promise<unknown> {
  const operation = 'web-search';
  return retryProviderCall(
    async () => {
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json', ...headers },
          signal: AbortSignal.any([signal, timeout]),
        });
      } catch (error) {
        if (signal.aborted) throw error;
        const timedOut = timeout.aborted;
        throw new ProviderError(
          timedOut ? 'search timed out' : 'search unreachable',
          timedOut ? 'timeout' : 'upstream',
          {
            provider,
            operation,
            retryable: !timedOut,
            cause: error,
          },
        );
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new ProviderError(`search answered ${response.status}`, 'upstream', {
          provider,
          operation,
          status: response.status,
        });
      }
      let text: string;
      try {
        text = await readLimited(response, provider);
      } catch (error) {
        if (error instanceof ProviderError || signal.aborted) throw error;
        throw new ProviderError('search answer cut off', 'timeout', { provider, operation, cause: error });
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new ProviderError('search answer is not JSON', 'empty', { provider, operation, cause: error });
      }
    },
    { idempotent: true, signal },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The http(s) results of a provider's list, whatever else it holds (missing fields, other schemes) left out. */
function resultsOf(
  list: unknown,
  provider: string,
  fields: { snippet: string },
  count: number,
): SearchResult[] {
  if (!Array.isArray(list)) {
    throw new ProviderError('search answer has no results list', 'empty', {
      provider,
      operation: 'web-search',
    });
  }
  const results: SearchResult[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.url !== 'string') continue;
    if (!/^https?:\/\//i.test(item.url)) continue;
    const title = typeof item.title === 'string' ? item.title : '';
    const snippet = typeof item[fields.snippet] === 'string' ? (item[fields.snippet] as string) : '';
    results.push({ url: item.url, title: title.slice(0, 300), snippet: snippet.slice(0, 500) });
    if (results.length >= count) break;
  }
  return results;
}

/** The adapter with its searches recorded in the chat service's provider metrics. */
function observed(provider: SearchProvider): SearchProvider {
  return observeProvider(provider, {
    metrics: serviceMetrics('chat'),
    provider: provider.name,
    operations: { search: 'web-search' },
  });
}

/** SearXNG: `GET {SEARXNG_URL}/search?q=…&format=json` (the instance must allow the json format). */
export function createSearxngProvider(baseUrl: string, timeoutMs = SEARCH_TIMEOUT_MS): SearchProvider {
  const name = 'searxng';
  return observed({
    name,
    async search(query, { signal, count }) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      const body = await getJson({ provider: name, url, headers: {}, signal, timeoutMs });
      return resultsOf(isRecord(body) ? body.results : undefined, name, { snippet: 'content' }, count);
    },
  });
}

/** Brave Search: `GET {base}/res/v1/web/search?q=…&count=…` with the key in `X-Subscription-Token`. */
export function createBraveSearchProvider(
  apiKey: string,
  baseUrl = 'https://api.search.brave.com',
  timeoutMs = SEARCH_TIMEOUT_MS,
): SearchProvider {
  const name = 'brave';
  return observed({
    name,
    async search(query, { signal, count }) {
      const url = new URL('res/v1/web/search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(20, Math.max(1, count))));
      const body = await getJson({
        provider: name,
        url,
        headers: { 'x-subscription-token': apiKey },
        signal,
        timeoutMs,
      });
      const web = isRecord(body) ? body.web : undefined;
      // Brave leaves `web` out when nothing matched: no results, not junk.
      if (isRecord(body) && web === undefined) return [];
      return resultsOf(isRecord(web) ? web.results : undefined, name, { snippet: 'description' }, count);
    },
  });
}
