// One definition per HTTP endpoint: method, path, who may call it, how large its body may be, its request and reply
// schemas, and the catalogue tool it charges. The gateway's routing, access and body-limit tables, the services'
// mountEndpoint and the browser's paths all derive from these; nothing restates them. A definition also carries what
// the browser shows when a call of it fails without a server text, so no remote keeps a table of its own.
import type { z } from 'zod';
import { ERROR_TEXTS } from './errors';
import { getTool, type GuestToolId, type ToolCostOptions, type ToolId } from './tools';

const MiB = 1024 * 1024;

/**
 * Request body limits by class, in bytes. Uploads travel as base64 data URLs inside JSON (4/3 of the file): a 10 MB
 * image needs ~13.4 MiB, a 5 MB audio file ~6.7 MiB, a chat message with a 10 MB image and a 10 MB PDF ~26.7 MiB.
 */
export const BODY_LIMITS = {
  json: 64 * 1024,
  /** Ours: the playground sends the conversation history of four models. */
  chatHistory: 2 * MiB,
  image: 14 * MiB,
  audio: 7 * MiB,
  chatAttachments: 28 * MiB,
  /** The payment provider's webhook: a JSON event, kept raw for signature checks. */
  webhook: 256 * 1024,
} as const;
export type BodyLimitClass = keyof typeof BODY_LIMITS;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * public: no token needed; guest: token optional (verified when sent, a bad one is refused); member: required;
 * support: required, and its `roles` claim must hold `support` (granted only from the command line:
 * docs/security.md#support-role).
 */
export type Access = 'public' | 'guest' | 'member' | 'support';

/** The role a `support` endpoint requires in the access token's `roles` claim. */
export const SUPPORT_ROLE = 'support';

export interface Endpoint {
  method: HttpMethod;
  /** Exact path or a pattern with `:name` segments. */
  path: string;
  access: Access;
  bodyLimit: BodyLimitClass;
  /** The body (POST, PUT, PATCH) or the query (GET, DELETE), parsed with the spec's error texts. */
  request?: z.ZodType;
  /** The `:name` path parameters. */
  params?: z.ZodType;
  /** The success reply (JSON endpoints; redirects and JWKS have none). */
  reply?: z.ZodType;
  /**
   * Each event's `data` when the call asks for `Accept: text/event-stream` (endpoints that can stream their reply;
   * JSON stays their default). The browser's stream call is typed and checked by it.
   */
  events?: z.ZodType;
  /** The catalogue tool a call charges. */
  tool?: ToolId;
  /** The price options every call of this endpoint has (a follow-up question: the tool's follow-up price). */
  toolOptions?: ToolCostOptions;
  /**
   * What the browser shows when a call fails without a server text (docs/product-rules.md#errors): a network error, a
   * proxy's error page, a reply it cannot read. Read through `failureTextOf`; absent means the generic text. A
   * function, read when a call fails: the page switches ERROR_TEXTS to its language after contracts has loaded
   * (docs/architecture.md#languages), so a string copied at definition would stay English.
   */
  failureText?: () => string;
  /** Keep the raw body text for the handler (signature checks); every other endpoint drops it after parsing. */
  rawBody?: boolean;
  /**
   * A DELETE whose request schema describes a JSON body instead of the query: deleting the account takes the
   * member's password, which must never sit in a URL (access logs, browser history).
   */
  deleteBody?: true;
}

/** True when the request schema describes the body (POST, PUT, PATCH, or a DELETE with `deleteBody`). */
export function sendsBody(endpoint: Pick<Endpoint, 'method' | 'deleteBody'>): boolean {
  return (
    endpoint.method === 'POST' ||
    endpoint.method === 'PUT' ||
    endpoint.method === 'PATCH' ||
    (endpoint.method === 'DELETE' && endpoint.deleteBody === true)
  );
}

type EndpointSpec = Omit<Endpoint, 'bodyLimit'> & { bodyLimit?: BodyLimitClass };

/** An endpoint; plain JSON body limit unless it says otherwise. */
export function endpoint<const E extends EndpointSpec>(spec: E): E & { bodyLimit: BodyLimitClass } {
  return { bodyLimit: 'json', ...spec };
}

/** The access of a tool's endpoints, known to the type checker (a member handler's caller is always a member). */
export type ToolAccess<T extends ToolId> = T extends GuestToolId ? 'guest' : 'member';

/** A charged tool's endpoint: guests may call it exactly when the catalogue lets guests use the tool. */
export function toolEndpoint<const E extends Omit<EndpointSpec, 'access'> & { tool: ToolId }>(
  spec: E,
): E & { access: ToolAccess<E['tool']>; bodyLimit: BodyLimitClass } {
  const access = (getTool(spec.tool).guest ? 'guest' : 'member') as ToolAccess<E['tool']>;
  return { bodyLimit: 'json', ...spec, access };
}

/**
 * The endpoint's own failure text, else the generic one. Host-sdk's API client reads it for every call; a call that
 * means something else by the same endpoint (a transcript saved as a file) passes its own `fallbackError`.
 */
export function failureTextOf(endpoint: Endpoint): string {
  return endpoint.failureText?.() ?? ERROR_TEXTS.generic.unexpected;
}

/** True when method and path (query string ignored) match the endpoint, `:name` matching one path segment. */
export function routeMatches(
  route: Pick<Endpoint, 'method' | 'path'>,
  method: string,
  path: string,
): boolean {
  if (route.method !== method.toUpperCase()) return false;
  const bare = path.split('?', 1)[0] ?? '';
  const want = route.path.split('/');
  const got = bare.split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? (got[i] ?? '') !== '' : segment === got[i]));
}

/** Fills `:name` placeholders: fillRoute('/api/chat/sessions/:id', { id }) → '/api/chat/sessions/<id>'. */
export function fillRoute(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}
