// The credits HTTP app: the kit's Koa app (request ids, errors, probes, metrics) plus the credits and billing routes,
// mounted at their full gateway paths.
import { BODY_LIMITS } from '@act/contracts';
import { Router, createHttpApp, createJwtVerifier, natsReady, type HttpApp } from '@act/service-kit';
import { mountBillingRoutes } from './routes/billing.routes';
import { mountCreditsRoutes } from './routes/credits.routes';
import type { CreditsDeps } from './deps';

export function createApp(deps: CreditsDeps): HttpApp {
  const { config, sql, nc, logger } = deps;
  const app = createHttpApp({
    name: 'credits',
    logger,
    readiness: {
      database: () => sql`select 1`,
      nats: () => natsReady(nc),
    },
    // The largest body here is a Paddle webhook event; every other credits route takes a tiny JSON or none.
    bodyLimit: `${Math.floor(BODY_LIMITS.webhook / 1024)}kb`,
  });
  const verifier = createJwtVerifier({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  });
  const router = new Router();
  mountCreditsRoutes(router, deps, verifier);
  mountBillingRoutes(router, deps, verifier);
  app.use(router.routes()).use(router.allowedMethods());
  return app;
}
