// Google sign-in over browser redirects: GET authorize sends the browser to Google, GET callback finishes and lands
// on /dashboard (the shell then refreshes from the new cookie). Failures land on /auth?error=<spec text>, which
// the auth page shows. GET settings tells the shell whether Google sign-in is configured at all. POST
// account/google-reauth starts the Google sign-in a Google account deletes itself with (domain/google-reauth.ts):
// its callback returns to the account page and signs nobody in.
import type { Context } from 'koa';
import {
  ACCOUNT_DELETION_ENDPOINTS,
  AuthorizeQuerySchema,
  ERROR_TEXTS,
  IDENTITY_ENDPOINTS,
} from '@act/contracts';
import { AppError, ErrorCode, Router, isAppError, mountEndpoint } from '@act/service-kit';
import { finishGoogleCallback } from '../domain/google-callback';
import { startGoogleReauth } from '../domain/google-reauth';
import { GOOGLE_ATTEMPT_TTL_SECONDS, startGoogleSignIn } from '../domain/google-sign-in';
import { startSession } from '../domain/sessions';
import {
  clearGoogleStateCookie,
  GOOGLE_STATE_COOKIE,
  readCookie,
  setGoogleStateCookie,
  setRefreshCookie,
} from './cookies';
import type { IdentityRouteDeps } from './route-deps';

function redirectToAuthPage(ctx: Context, message: string): undefined {
  ctx.redirect(`/auth?${new URLSearchParams({ error: message }).toString()}`);
  return undefined;
}

export function createGoogleRouter(deps: IdentityRouteDeps): Router {
  const router = new Router();
  const E = IDENTITY_ENDPOINTS;

  mountEndpoint(router, E.settings, {}, async () => ({ providers: { google: deps.google !== undefined } }));

  mountEndpoint(router, E.authorize, {}, async (_input, { ctx }) => {
    const google = deps.google;
    if (!google) return redirectToAuthPage(ctx, ERROR_TEXTS.server.googleNotConfigured);
    const query = AuthorizeQuerySchema.safeParse(ctx.query);
    if (!query.success) return redirectToAuthPage(ctx, ERROR_TEXTS.auth.googleSignInFailed);
    try {
      const { url, state } = await startGoogleSignIn({ store: deps.store, google }, query.data.redirect_to);
      setGoogleStateCookie(ctx, state, GOOGLE_ATTEMPT_TTL_SECONDS, deps.cookieSecure);
      ctx.redirect(url);
    } catch (error) {
      // Usually Google's discovery document could not be fetched.
      ctx.state.log.warn({ err: error }, 'could not start Google sign-in');
      redirectToAuthPage(ctx, ERROR_TEXTS.auth.googleSignInFailed);
    }
  });

  mountEndpoint(router, E.callback, {}, async (_input, { ctx }) => {
    const google = deps.google;
    clearGoogleStateCookie(ctx, deps.cookieSecure);
    if (!google) return redirectToAuthPage(ctx, ERROR_TEXTS.server.googleNotConfigured);
    try {
      // The URL Google redirected the browser to, as the browser saw it (the redirect_uri we registered).
      const callbackUrl = new URL(`${deps.publicUrl.replace(/\/+$/, '')}${E.callback.path}${ctx.search}`);
      const outcome = await finishGoogleCallback(
        {
          store: deps.store,
          events: deps.events,
          google,
          logger: ctx.state.log,
          revocations: deps.revocations,
        },
        { callbackUrl, stateCookie: readCookie(ctx, GOOGLE_STATE_COOKIE) },
      );
      // A sign-in for deleting the account only proved the member: their own session goes on, no new one starts.
      if (outcome.kind === 'signed-in') {
        const issued = await startSession(deps, outcome.user);
        setRefreshCookie(ctx, issued.refreshToken, issued.refreshMaxAgeSeconds, deps.cookieSecure);
      }
      ctx.redirect(outcome.redirectTo);
    } catch (error) {
      if (isAppError(error)) {
        ctx.state.log.info({ reason: (error.cause as Error | undefined)?.message }, 'Google sign-in refused');
        return redirectToAuthPage(ctx, error.message);
      }
      ctx.state.log.error({ err: error }, 'Google sign-in failed unexpectedly');
      redirectToAuthPage(ctx, ERROR_TEXTS.auth.unexpectedDuringGoogleSignIn);
    }
  });

  mountEndpoint(
    router,
    ACCOUNT_DELETION_ENDPOINTS.startGoogleReauth,
    { verifier: deps.verifier },
    async (_input, { caller, ctx }) => {
      if (!deps.google) {
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.googleNotConfigured);
      }
      const { url, state } = await startGoogleReauth(
        { store: deps.store, google: deps.google },
        caller.userId,
      );
      // The state cookie binds the callback to this browser, as for a plain sign-in.
      setGoogleStateCookie(ctx, state, GOOGLE_ATTEMPT_TTL_SECONDS, deps.cookieSecure);
      return { url };
    },
  );

  return router;
}
