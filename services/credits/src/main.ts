// Credits service entry point: its database (migrated), Paddle, NATS and the JWT verifier, through the kit's
// startService; the NATS workers (reserve and release responders, usage and identity consumers, sweepers) run beside
// the HTTP routes and stop once the requests in flight have finished. The kit's outbox relays usage-notice events.
import { startService } from '@act/service-kit';
import { creditsAppOf } from './app';
import { loadCreditsConfig } from './config';
import { createCreditsStore } from './db/credits-store';
import { migrateCreditsDatabase } from './db/migrate';
import { deleteCreditsMember } from './domain/member-deletion';
import { collectCreditsExport } from './domain/member-export';
import { systemClock } from './clock';
import { providersOf } from './providers';

startService({
  name: 'credits',
  loadConfig: loadCreditsConfig,
  migrate: migrateCreditsDatabase,
  outbox: true,
  providers: providersOf,
  createApp: creditsAppOf,
  exportMember:
    ({ sql }) =>
    (userId) =>
      collectCreditsExport(sql, userId),
  deleteMember:
    ({ sql, logger, providers }) =>
    (userId) =>
      deleteCreditsMember(
        { sql, store: createCreditsStore(sql), clock: systemClock, logger, paddle: providers.paddle },
        userId,
      ),
});
