// Mounts one endpoint definition from contracts on a router: its access (public, guest, member, support), its own body limit
// (the raw body kept only where the definition asks), text that cannot be stored (U+0000) refused in any body field,
// query value or path parameter, its path parameters and request validated with the spec's texts, then the handler
// with the typed input and its caller (a member on member endpoints). What the handler returns is the reply body
// (`success: true` added). The definition is the one place that says all of this; a route never restates it.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { ZodObject, type z } from 'zod';
import {
  API_KEY_TEXTS,
  BODY_LIMITS,
  SUPPORT_ROLE,
  apiKeyMayCall,
  sendsBody,
  type Endpoint,
} from '@act/contracts';
import {
  clientIp,
  optionalUser,
  requireRole,
  requireUser,
  userOf,
  type AuthUser,
  type JwtVerifier,
} from './auth';
import { AppError, ErrorCode } from './errors';
import { requestSignal } from './charges';
import type { AppState } from './http-app';
import { jsonBodyParser } from './json-body';
import { respond, type ReplySpec } from './respond';
import { assertStorableText } from './storable-text';
import { parseInput } from './validate';

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** The endpoint's parsed body (POST, PUT, PATCH) or query (GET, DELETE). */
export type EndpointInput<E extends Endpoint> = Parsed<E['request']>;
/** The endpoint's parsed `:name` path parameters. */
export type EndpointParams<E extends Endpoint> = Parsed<E['params']>;
/**
 * What a handler returns: the reply its schema describes, without the `success: true` every JSON reply carries
 * (mountEndpoint adds it). Endpoints without a reply schema (redirects, the JWKS) return anything or nothing.
 */
export type EndpointReply<E extends Endpoint> = E['reply'] extends z.ZodType
  ? Omit<z.infer<E['reply']>, 'success'>
  : unknown;

/** A caller with a valid token: the member it names. */
export interface Member extends AuthUser {
  readonly guestIp?: undefined;
}
/** A caller without a token on a guest endpoint, known only by the client IP the gateway vouches for. */
export interface Guest {
  readonly userId?: undefined;
  readonly guestIp: string | undefined;
}
export type Caller = Member | Guest;

/** Who calls the endpoint: a member on member endpoints, member or guest on guest ones, nobody known on public ones. */
export type CallerOf<E extends Endpoint> = [E['access']] extends ['member' | 'support']
  ? Member
  : [E['access']] extends ['guest']
    ? Caller
    : [E['access']] extends ['public']
      ? undefined
      : Caller | undefined;

/** What a handler gets besides its input. */
export interface EndpointCall<E extends Endpoint> {
  readonly caller: CallerOf<E>;
  /** The parsed `:name` path parameters. */
  readonly params: EndpointParams<E>;
  /**
   * The request's id (the gateway's x-request-id, echoed in the reply and on its log lines). Pass it to what the
   * request starts that should name it elsewhere: a charge sends it to credits (ChargeInput.httpRequestId).
   */
  readonly requestId: string;
  /**
   * Aborts when the client goes away before its reply was written: work done for nobody can stop, and a one-shot
   * tool's hold is released. Work that belongs to the server (a chat reply, a voice job) ignores it.
   */
  readonly signal: AbortSignal;
  /** Answers JSON, or a Server-Sent Events stream when the request asks for one (docs/architecture.md#streaming-replies). */
  respond<R>(spec: ReplySpec<E, R>): Promise<EndpointReply<E> | undefined>;
  /** The request, for what the definition does not say: headers, a binary body, a redirect. */
  readonly ctx: Context;
}

export type EndpointHandler<E extends Endpoint> = (
  input: EndpointInput<E>,
  call: EndpointCall<E>,
) => Promise<EndpointReply<E> | undefined>;

export interface MountOptions {
  /** Verifies tokens; required unless the endpoint is public. */
  verifier?: JwtVerifier;
  /** Runs after the body is parsed and before validation (e.g. folding a query parameter into the body). */
  before?: Middleware[];
}

export function mountEndpoint<E extends Endpoint>(
  router: Router,
  endpoint: E,
  { verifier, before = [] }: MountOptions,
  handler: EndpointHandler<NoInfer<E>>,
): void {
  const chain: Middleware[] = [];
  if (endpoint.access !== 'public') {
    if (!verifier)
      throw new Error(`${endpoint.method} ${endpoint.path} is ${endpoint.access}: it needs a verifier`);
    chain.push(
      endpoint.access === 'member'
        ? requireUser(verifier)
        : endpoint.access === 'support'
          ? requireRole(verifier, SUPPORT_ROLE)
          : optionalUser(verifier),
    );
    // Checked here too, behind the gateway's own check: a key's token never manages keys, the account or money.
    if (!apiKeyMayCall(endpoint)) chain.push(refuseApiKeys);
  }
  const hasBody = sendsBody(endpoint);
  const successReply = endpoint.reply instanceof ZodObject && 'success' in endpoint.reply.shape;
  if (hasBody) {
    chain.push(
      jsonBodyParser(BODY_LIMITS[endpoint.bodyLimit], {
        keepRawBody: endpoint.rawBody === true,
        deleteBody: endpoint.deleteBody === true,
      }),
    );
  }
  // Once for every endpoint and before anything else reads the input: a NUL would otherwise fail the first insert,
  // after a reserve or a paid provider call (docs/security.md).
  // Without `before` middleware the check runs in the handler's own step: one async layer less per request.
  const checkedFirst = before.length > 0;
  if (checkedFirst) chain.push(refuseUnstorableText, ...before);
  chain.push(async (ctx) => {
    if (!checkedFirst) assertStorableInput(ctx);
    const params = (
      endpoint.params ? parseInput(endpoint.params, ctx.params) : undefined
    ) as EndpointParams<E>;
    const raw = hasBody ? (ctx.request as { body?: unknown }).body : ctx.query;
    const input = (endpoint.request ? parseInput(endpoint.request, raw) : undefined) as EndpointInput<E>;
    // The handler works from its validated input: the parsed body is dropped, so an upload's text is held by one
    // object only and goes as soon as the handler lets go of it.
    if (hasBody && endpoint.request) delete (ctx.request as { body?: unknown }).body;
    let signal: AbortSignal | undefined;
    const reply = await handler(input, {
      caller: callerOf(ctx, endpoint) as CallerOf<E>,
      params,
      requestId: (ctx.state as AppState).requestId,
      // Asked for by the handlers that can stop; most never listen.
      get signal() {
        return (signal ??= requestSignal(ctx));
      },
      respond: (spec) => respond(ctx, spec),
      ctx,
    });
    if (reply !== undefined) ctx.body = successReply ? { success: true, ...reply } : reply;
  });
  router.register(endpoint.path, [endpoint.method], chain);
}

function callerOf(ctx: Context, endpoint: Endpoint): Caller | undefined {
  if (endpoint.access === 'public') return undefined;
  const user = userOf(ctx);
  if (user) return user;
  // requireUser ran first on a member endpoint: a member handler never runs without one.
  if (endpoint.access === 'member' || endpoint.access === 'support')
    throw new Error(`${endpoint.path} reached without a member`);
  return { guestIp: clientIp(ctx) };
}

const refuseApiKeys: Middleware = async (ctx, next) => {
  if (userOf(ctx)?.apiKey) throw new AppError(ErrorCode.FORBIDDEN, API_KEY_TEXTS.notAllowed);
  await next();
};

function assertStorableInput(ctx: Context): void {
  // The field is named as request validation names it: its path within the params, query or body.
  assertStorableText(ctx.params);
  assertStorableText(ctx.query);
  assertStorableText((ctx.request as { body?: unknown }).body);
}

const refuseUnstorableText: Middleware = async (ctx, next) => {
  assertStorableInput(ctx);
  await next();
};
