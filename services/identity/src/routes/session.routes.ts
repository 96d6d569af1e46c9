// Sign-up, sign-in / refresh (POST token) and sign-out. Every success sets the rotated refresh cookie and replies
// with the spec's session shape; the refresh token itself stays out of the JSON for browsers.
import type { Context } from 'koa';
import { ERROR_TEXTS, IDENTITY_ENDPOINTS, type SessionReply } from '@act/contracts';
import { AppError, ErrorCode, Router, clientIp, isAppError, mountEndpoint } from '@act/service-kit';
import { authenticate, signUp } from '../domain/accounts';
import { endSession, refreshSession, startSession, type IssuedSession } from '../domain/sessions';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookies';
import { requireOwnOrigin } from './own-origin';
import type { IdentityRouteDeps } from './route-deps';

/** Puts the session in the reply and the refresh token in the cookie. */
export function replyWithSession(
  ctx: Context,
  deps: Pick<IdentityRouteDeps, 'cookieSecure'>,
  issued: IssuedSession,
  options: { refreshTokenInBody?: boolean } = {},
): void {
  setRefreshCookie(ctx, issued.refreshToken, issued.refreshMaxAgeSeconds, deps.cookieSecure);
  const session = options.refreshTokenInBody
    ? { ...issued.session, refresh_token: issued.refreshToken }
    : issued.session;
  ctx.body = { success: true, session } satisfies SessionReply;
}

/** `POST token?grant_type=…`: the grant type may come in the query (as in the spec's calls) or in the body. */
async function grantTypeFromQuery(ctx: Context, next: () => Promise<unknown>): Promise<void> {
  const request = ctx.request as { body?: unknown };
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  if (body.grant_type === undefined && typeof ctx.query.grant_type === 'string') {
    request.body = { ...body, grant_type: ctx.query.grant_type };
  }
  await next();
}

export function createSessionRouter(deps: IdentityRouteDeps): Router {
  const router = new Router();
  const E = IDENTITY_ENDPOINTS;
  // Each of these sets or ends the refresh cookie: only our own pages may call them from a browser.
  const ownOrigin = requireOwnOrigin(deps.publicUrl);

  mountEndpoint(router, E.signup, { before: [ownOrigin] }, async (input, { ctx }) => {
    await deps.rateLimits.consume('signup', { ip: clientIp(ctx), email: input.email });
    const user = await signUp(deps, input);
    // The shell signs straight in after sign-up, so sign-up answers with a session like sign-in does.
    replyWithSession(ctx, deps, await startSession(deps, user));
    return undefined;
  });

  mountEndpoint(router, E.token, { before: [ownOrigin, grantTypeFromQuery] }, async (input, { ctx }) => {
    if (input.grant_type === 'password') {
      // Counted before the password is checked, so parallel guesses cannot slip past the limit.
      await deps.rateLimits.consume('password', { ip: clientIp(ctx), email: input.email });
      const user = await authenticate(deps.store, input);
      await deps.rateLimits.clearAttempts('password', { ip: clientIp(ctx), email: input.email });
      replyWithSession(ctx, deps, await startSession(deps, user));
      return undefined;
    }
    await deps.rateLimits.consume('refresh', { ip: clientIp(ctx) });
    // Browsers send the cookie; API clients may send the token in the body and then get the next one back there.
    const fromBody = input.refresh_token;
    const token = fromBody ?? readRefreshCookie(ctx);
    try {
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.sessionMissing);
      replyWithSession(ctx, deps, await refreshSession(deps, token), {
        refreshTokenInBody: fromBody !== undefined,
      });
      return undefined;
    } catch (error) {
      // A dead token must not be sent again and again; a passing outage (database down) must not sign anyone out.
      if (isAppError(error) && error.code === ErrorCode.UNAUTHENTICATED)
        clearRefreshCookie(ctx, deps.cookieSecure);
      throw error;
    }
  });

  mountEndpoint(router, E.logout, { before: [ownOrigin] }, async (_input, { ctx }) => {
    const body = (ctx.request as { body?: { refresh_token?: unknown } }).body;
    const token = typeof body?.refresh_token === 'string' ? body.refresh_token : readRefreshCookie(ctx);
    if (token) await endSession(deps, token);
    clearRefreshCookie(ctx, deps.cookieSecure);
    return {};
  });

  return router;
}
