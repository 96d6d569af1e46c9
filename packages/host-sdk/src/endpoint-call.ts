// What a browser call to one endpoint takes and gives, derived from its definition in @act/contracts: the body (POST,
// PUT, PATCH) or the query (GET, DELETE) from its request schema, the `:name` path parameters from its params schema,
// the reply from its reply schema and a streamed reply's events from its event schema. A renamed field in a
// contract is a type error in every caller. Also the one place a call's URL is built (path parameters and query).
import type { z } from 'zod';
import { fillRoute, type Endpoint } from '@act/contracts';

type BodyMethod = 'POST' | 'PUT' | 'PATCH';

type InputOf<E, K extends 'request' | 'params'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

/** One named part of a call: absent when the endpoint takes none, optional when every field of it is optional. */
type Part<Name extends string, T> = [T] extends [undefined]
  ? { [P in Name]?: never }
  : Partial<T> extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

/** The body of a call to E (its request schema's input), or undefined when E sends none. */
export type BodyOf<E> = E extends { method: BodyMethod } | { deleteBody: true }
  ? InputOf<E, 'request'>
  : undefined;
/** The query of a call to E (GET and DELETE: its request schema's input), or undefined when it takes none. */
export type QueryOf<E> = E extends { method: BodyMethod } | { deleteBody: true }
  ? undefined
  : InputOf<E, 'request'>;
/** The `:name` path parameters of E, or undefined when its path has none. */
export type ParamsOf<E> = InputOf<E, 'params'>;

/** What is sent to E: `body`, `query` and `params` exactly as its schemas take them. */
export type CallRequest<E> = E extends Endpoint
  ? Part<'body', BodyOf<E>> & Part<'query', QueryOf<E>> & Part<'params', ParamsOf<E>>
  : never;

export interface CallControl {
  /** Aborts the request (and a stream's reading): the call rejects with the AbortError. */
  signal?: AbortSignal;
  /**
   * Spec text shown when the server sends none (network error, proxy error page, unreadable reply); the endpoint's own
   * (`failureTextOf` in the contracts) unless given.
   */
  fallbackError?: string;
}

export type CallOptions<E> = CallRequest<E> & CallControl;

/** The options argument, left out when the endpoint needs nothing. */
export type CallArgs<E> =
  object extends CallRequest<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The parsed success reply of E (its reply schema's output). */
export type ReplyOf<E> = E extends { reply: infer S extends z.ZodType } ? z.output<S> : unknown;

/** An endpoint that can answer with an event stream (a send, or a GET that follows work already running). */
export type StreamedEndpoint = Endpoint & { events: z.ZodType };

/** One parsed event of a streamed E (its event schema's output). */
export type EventOf<E> = E extends { events: infer S extends z.ZodType } ? z.output<S> : never;

/** True when the request schema describes the body; otherwise it describes the query (contracts' sendsBody). */
export { sendsBody } from '@act/contracts';

type QueryValue = string | number | boolean | null | undefined;

/**
 * The query string of a call, `?a=1&b=x` or '' (keys in the order given). A missing, null or empty value is left
 * out, which the services read as "not given".
 */
function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The same-origin URL of a call to E: its path with the `:name` parameters filled (encoded) and the query appended.
 * Also for plain links to an endpoint (an <audio> source, a download link, a sign-in redirect).
 */
export function endpointUrl<E extends Endpoint>(
  endpoint: E,
  request: { params?: ParamsOf<E>; query?: QueryOf<E> } = {},
): string {
  const params = (request.params ?? {}) as Record<string, string>;
  return `${fillRoute(endpoint.path, params)}${queryString(request.query ?? undefined)}`;
}
