// The endpoints that act on the refresh cookie (sign-in and refresh on POST token, sign-out) answer a browser only
// when one of our own pages sent the request. The cookie is SameSite=Strict, so another site never gets it sent;
// this also stops a same-site sibling origin (another app on a subdomain) and login CSRF (docs/security.md).
// A browser says where a request comes from with Sec-Fetch-Site and Origin; a client that sends neither is not a
// browser (curl, the API clients that send refresh_token in the body) and carries no ambient cookie of a victim.
import type { Middleware } from 'koa';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';

/** Sec-Fetch-Site values that mean our own page (same-origin) or the member themself (typed URL, bookmark). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** Refuses (403) a browser request that another origin's page started; `publicUrl` is the shell's origin. */
export function requireOwnOrigin(publicUrl: string): Middleware {
  const ownOrigin = new URL(publicUrl).origin;
  return async (ctx, next) => {
    const site = ctx.get('sec-fetch-site').toLowerCase();
    const origin = ctx.get('origin');
    // The browser's own verdict when it gives one; otherwise the Origin it sent must be the shell's.
    const fromOwnPage = site
      ? OWN_FETCH_SITES.has(site) || origin === ownOrigin
      : origin === '' || origin === ownOrigin;
    if (!fromOwnPage) throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.crossSiteRefused);
    await next();
  };
}
