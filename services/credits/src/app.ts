// The credits HTTP app: the kit's Koa app (request ids, errors, probes, metrics) plus the credits and billing routers,
// each endpoint mounted from its contracts definition at its full gateway path.
import { createServiceHttpApp, type ReadinessChecks, type ServiceApp } from '@act/service-kit';
import { createBillingRouter } from './routes/billing.routes';
import { createCreditPacksRouter } from './routes/credit-packs.routes';
import { createCreditControlsRouter } from './routes/credit-controls.routes';
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
  return {
    app: createServiceHttpApp('credits', deps, [
      createCreditsRouter(deps),
      createBillingRouter(deps),
      createCreditPacksRouter(deps),
      createCreditControlsRouter(deps),
    ]),
  };
}
