// Credits service entry point: its database (migrated), Paddle, NATS and the JWT verifier, through the kit's
// startService; the NATS workers (reserve and release responders, usage and identity consumers, sweepers) run beside
// the HTTP routes and stop once the requests in flight have finished. The kit's outbox relays usage-notice events.
import { natsNames } from '@act/contracts/server';
import { startService } from '@act/service-kit';
import { createApp } from './app';
import { systemClock } from './clock';
import { loadCreditsConfig } from './config';
import { createCreditsStore } from './db/credits-store';
import { migrateCreditsDatabase } from './db/migrate';
import { createNoticeEvents } from './domain/notice-events';
import { createPaddleClient } from './providers/paddle';
import { startCreditsWorkers } from './workers';

startService({
  name: 'credits',
  loadConfig: loadCreditsConfig,
  migrate: migrateCreditsDatabase,
  outbox: true,
  providers: ({ config }) =>
    createPaddleClient({ apiUrl: config.PADDLE_API_URL, apiKey: config.PADDLE_API_KEY }),
  createApp: async ({ config, sql, nc, logger, verifier, providers, readiness, outbox }) => {
    const deps = {
      config,
      sql,
      store: createCreditsStore(sql),
      nc,
      logger,
      clock: systemClock,
      paddle: providers,
      verifier,
      notices: createNoticeEvents({ outbox, subject: natsNames(config.NATS_NAMESPACE).noticeRaised }),
    };
    const workers = await startCreditsWorkers(deps);
    return { ...createApp({ ...deps, readiness }), drain: () => workers.stop() };
  },
});
