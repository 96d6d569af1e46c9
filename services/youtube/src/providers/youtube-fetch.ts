// The one fetch every YouTube adapter uses: requests for www.youtube.com (and its m./music. hosts) go to
// YOUTUBE_BASE_URL and requests for i.ytimg.com to YOUTUBE_THUMBNAIL_BASE_URL when those are set (tests, e2e fakes),
// each with a time limit. Any other host is refused, so a response can never send the service elsewhere. Reads (GET,
// HEAD) are retried once by the kit's one rule (docs/providers.md#retries): refused, 429 or 5xx.
import { retryProviderCall } from '@act/service-kit';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface YoutubeFetchOptions {
  youtubeBaseUrl?: string;
  thumbnailBaseUrl?: string;
  timeoutMs: number;
  /** The underlying fetch (tests); global fetch by default. */
  fetch?: FetchLike;
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
export const THUMBNAIL_HOST = 'i.ytimg.com';

export class ForbiddenHostError extends Error {}

function rebase(url: URL, base: string | undefined): URL {
  if (!base) return url;
  const target = new URL(base);
  const prefix = target.pathname.replace(/\/$/, '');
  return new URL(`${target.origin}${prefix}${url.pathname}${url.search}`);
}

/** Maps a YouTube URL to where it is really fetched; throws ForbiddenHostError for any other host. */
export function routeYoutubeUrl(
  raw: string,
  { youtubeBaseUrl, thumbnailBaseUrl }: Pick<YoutubeFetchOptions, 'youtubeBaseUrl' | 'thumbnailBaseUrl'>,
): URL {
  const url = new URL(raw);
  if (url.protocol !== 'https:') throw new ForbiddenHostError(`refused ${url.protocol} URL`);
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host)) return rebase(url, youtubeBaseUrl);
  if (host === THUMBNAIL_HOST) return rebase(url, thumbnailBaseUrl);
  throw new ForbiddenHostError(`refused host ${host}`);
}

/** A 429 or 5xx answer to a read, thrown so the retry rule sees its status and Retry-After. */
class RetryableAnswer extends Error {
  readonly status: number;
  readonly headers: Headers;
  constructor(readonly response: Response) {
    super(`YouTube answered ${response.status}`);
    this.status = response.status;
    this.headers = response.headers;
  }
}

export function createYoutubeFetch(options: YoutubeFetchOptions): FetchLike {
  const once = createSingleYoutubeFetch(options);
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return once(input, init);
    const signal = init?.signal ?? request?.signal ?? undefined;
    try {
      return await retryProviderCall(
        async () => {
          const response = await once(input, init);
          if (response.status === 429 || response.status >= 500) throw new RetryableAnswer(response);
          return response;
        },
        {
          idempotent: true,
          ...(signal ? { signal } : {}),
          // The answer given up on is not read.
          onRetry: ({ error }) => {
            if (error instanceof RetryableAnswer) void error.response.body?.cancel().catch(() => undefined);
          },
        },
      );
    } catch (error) {
      // Still failing after the retry: the caller reads that answer as it always did.
      if (error instanceof RetryableAnswer) return error.response;
      throw error;
    }
  };
}

/** One request, routed and with its time limit. */
function createSingleYoutubeFetch(options: YoutubeFetchOptions): FetchLike {
  const base = options.fetch ?? ((input, init) => fetch(input, init));
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const raw = request ? request.url : String(input);
    const target = routeYoutubeUrl(raw, options);
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const given = init?.signal ?? request?.signal;
    const signal = given ? AbortSignal.any([given, timeout]) : timeout;
    if (request) {
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
      return base(target, {
        method: request.method,
        headers: request.headers,
        body,
        ...init,
        signal,
        redirect: 'manual',
      });
    }
    return base(target, { ...init, signal, redirect: 'manual' });
  };
}
