// The credits HTTP app: the kit's Koa app (request ids, errors, probes, metrics) plus the credits and billing routers,
// each endpoint mounted from its contracts definition at its full gateway path.
import { createHttpApp, type ReadinessChecks, type ServiceApp } from '@act/service-kit';
import { createBillingRouter } from './routes/billing.routes';
import { createCreditsRouter } from './routes/credits.routes';
import type { CreditsDeps } from './deps';

export interface CreditsAppDeps extends CreditsDeps {
  /**
   * The database only (startService): the HTTP routes (balance, history, billing) need nothing else, so with NATS
   * away they stay served, while tool services refuse charged calls themselves (503) until NATS is back.
   */
  readiness?: ReadinessChecks;
}

export function createApp(deps: CreditsAppDeps): ServiceApp {
  const app = createHttpApp({
    name: 'credits',
    logger: deps.logger,
    readiness: deps.readiness,
    // Each endpoint parses its own body, with the limit its definition gives (mountEndpoint).
    bodyLimit: false,
  });
  for (const router of [createCreditsRouter(deps), createBillingRouter(deps)]) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  return { app };
}
