// Fetch wrapper for the gateway's JSON API: attaches the bearer token, refreshes once on 401 and retries, parses the
// reply with the caller's schema, and turns every failure into an ApiError carrying the spec's text.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { ApiError, apiErrorFromReply } from './api-error';

/** Anything with zod's parse(): the schema of a success reply. */
export interface ReplySchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  /** Validates and types the success reply. Without it the parsed JSON is returned as is. */
  schema?: ReplySchema<T>;
  /** Spec text shown when the server sends none (network error, proxy error page). */
  fallbackError?: string;
  signal?: AbortSignal;
}

export interface RawRequestOptions {
  /** The Accept header; application/json by default. */
  accept?: string;
  /** Spec text of the ApiError thrown when no answer comes (network error). */
  fallbackError?: string;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  del<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /**
   * The same call with the same token handling (bearer, one refresh on 401 and one retry), answered with the
   * Response itself, whatever its status: for replies that are not one JSON document (event streams). No answer at
   * all throws ApiError(fallbackError, SERVICE_UNAVAILABLE, 0); an abort throws the AbortError.
   */
  fetchRaw(method: string, path: string, body: unknown, options?: RawRequestOptions): Promise<Response>;
}

export interface ApiClientOptions {
  /** Current access token, or null for a guest. */
  getAccessToken(): Promise<string | null>;
  /** Gets a fresh access token after a 401; null when the session is gone. */
  refresh(): Promise<string | null>;
  /** Prefix for paths; '' (same origin, through the gateway) by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(
    method: string,
    path: string,
    body: unknown,
    token: string | null,
    signal?: AbortSignal,
    accept = 'application/json',
  ) {
    const headers: Record<string, string> = { accept };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    return doFetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  }

  async function fetchRaw(
    method: string,
    path: string,
    body: unknown,
    opts: RawRequestOptions = {},
  ): Promise<Response> {
    const fallbackError = opts.fallbackError ?? ERROR_TEXTS.generic.unexpected;
    try {
      const token = await options.getAccessToken();
      let response = await send(method, path, body, token, opts.signal, opts.accept);
      // An access token can expire between the check and the call; one refresh and one retry, never a loop.
      if (response.status === 401) {
        const fresh = await options.refresh();
        if (fresh) {
          // The refused reply's body is not read: release it so the connection can be reused.
          void response.body?.cancel().catch(() => undefined);
          response = await send(method, path, body, fresh, opts.signal, opts.accept);
        }
      }
      return response;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(fallbackError, ErrorCode.SERVICE_UNAVAILABLE, 0);
    }
  }

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    opts: RequestOptions<T> = {},
  ): Promise<T> {
    const fallbackError = opts.fallbackError ?? ERROR_TEXTS.generic.unexpected;
    const response = await fetchRaw(method, path, body, opts);
    const json = await readJson(response);
    const reply = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : undefined;
    if (!response.ok || reply?.success === false) {
      throw apiErrorFromReply(response.status, json, fallbackError);
    }
    if (!opts.schema) return json as T;
    try {
      return opts.schema.parse(json);
    } catch {
      // A reply we cannot read is a server fault from the user's point of view: show the spec's fallback.
      throw new ApiError(fallbackError, ErrorCode.INTERNAL, response.status);
    }
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    patch: (path, body, opts) => request('PATCH', path, body, opts),
    del: (path, opts) => request('DELETE', path, undefined, opts),
    fetchRaw,
  };
}
