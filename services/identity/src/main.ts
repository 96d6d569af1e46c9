// Identity process: its signing keys and Google sign-in, database (migrated), NATS and outbox, through the kit's
// startService; on SIGTERM the requests in flight finish before its queues, the outbox, NATS and the database close.
import { startService } from '@act/service-kit';
import { loadIdentityConfig } from './config';
import { housekeepingJob } from './db/housekeeping';
import { migrateIdentityDatabase } from './db/migrate';
import { providersOf } from './providers';
import { identityAppOf } from './runtime';

startService({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  migrate: migrateIdentityDatabase,
  outbox: true,
  providers: providersOf,
  periodicJobs: ({ sql }) => [housekeepingJob(sql)],
  createApp: identityAppOf,
});
