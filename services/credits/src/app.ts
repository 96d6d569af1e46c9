// The credits HTTP app: the kit's Koa app (request ids, errors, probes, metrics) plus the credits and billing routers,
// each endpoint mounted from its contracts definition at its full gateway path.
import { natsNames } from '@act/contracts/server';
import {
  createServiceHttpApp,
  type ReadinessChecks,
  type ServiceApp,
  type ServiceContext,
} from '@act/service-kit';
import { systemClock } from './clock';
import type { CreditsConfig } from './config';
import { createCreditsStore } from './db/credits-store';
import { createNoticeEvents } from './domain/notice-events';
import type { CreditsProviders } from './providers';
import { createBillingRouter } from './routes/billing.routes';
import { createCreditPacksRouter } from './routes/credit-packs.routes';
import { createCreditControlsRouter } from './routes/credit-controls.routes';
import { createCreditsRouter } from './routes/credits.routes';
import type { CreditsDeps } from './deps';
import { startCreditsWorkers } from './workers';

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

/**
 * The app as main.ts starts it: the NATS workers (reserve and release responders, usage and identity consumers,
 * sweepers) beside the HTTP routes, stopped once the requests in flight have finished.
 */
export async function creditsAppOf(
  context: ServiceContext<CreditsConfig, CreditsProviders, true>,
): Promise<ServiceApp> {
  const { config, sql, nc, logger, verifier, outbox } = context;
  const deps: CreditsDeps = {
    config,
    sql,
    store: createCreditsStore(sql),
    nc,
    logger,
    clock: systemClock,
    paddle: context.providers.paddle,
    verifier,
    notices: createNoticeEvents({ outbox, subject: natsNames(config.NATS_NAMESPACE).noticeRaised }),
  };
  const workers = await startCreditsWorkers(deps);
  return { ...createApp({ ...deps, readiness: context.readiness }), drain: () => workers.stop() };
}
