// The credits HTTP app: the kit's Koa app (request ids, errors, probes, metrics) plus the credits and billing routers,
// each endpoint mounted from its contracts definition at its full gateway path.
import { createHttpApp, type HttpApp } from '@act/service-kit';
import { createBillingRouter } from './routes/billing.routes';
import { createCreditsRouter } from './routes/credits.routes';
import type { CreditsDeps } from './deps';

export function createApp(deps: CreditsDeps): HttpApp {
  const { sql, logger } = deps;
  const app = createHttpApp({
    name: 'credits',
    logger,
    // The HTTP routes (balance, history, billing) need only the database: with NATS away they stay served, while
    // tool services refuse charged calls themselves (503) until NATS and the reserve responder are back.
    readiness: { database: () => sql`select 1` },
    // Each endpoint parses its own body, with the limit its definition gives (mountEndpoint).
    bodyLimit: false,
  });
  for (const router of [createCreditsRouter(deps), createBillingRouter(deps)]) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  return app;
}
