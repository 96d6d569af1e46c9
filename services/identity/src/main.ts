// Identity process: its signing keys and Google sign-in, database (migrated), NATS and outbox, through the kit's
// startService; on SIGTERM the requests in flight finish before its queues, the outbox, NATS and the database close.
import { startService } from '@act/service-kit';
import { createApp } from './app';
import { loadIdentityConfig } from './config';
import { createIdentityStore } from './db/identity-store';
import { migrateIdentityDatabase } from './db/migrate';
import { loadIdentityProviders, startIdentityRuntime } from './runtime';

const HOUSEKEEPING_INTERVAL_MS = 3600 * 1000;

startService({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  migrate: migrateIdentityDatabase,
  outbox: true,
  providers: ({ config, logger }) => loadIdentityProviders(config, logger),
  periodicJobs: ({ sql }) => [
    {
      name: 'housekeeping',
      intervalMs: HOUSEKEEPING_INTERVAL_MS,
      run: () => createIdentityStore(sql).deleteExpiredRows(),
    },
  ],
  createApp: async (context) => {
    const runtime = await startIdentityRuntime(context, context.providers);
    return { ...createApp({ ...runtime.deps, readiness: context.readiness }), drain: runtime.close };
  },
});
