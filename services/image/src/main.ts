// Entry point of the image service: its database (migrated), the object store, fal (providers/index.ts), NATS
// (credits) and the outbox, through the kit's startService; on SIGTERM the generations in flight finish
// (SHUTDOWN_GRACE_MS covers the longest) before the outbox, NATS and the database close.
import { startService, storingToolAppDeps } from '@act/service-kit';
import { createApp } from './app';
import { loadImageConfig } from './config';
import { migrateImageDatabase } from './db/migrate';
import { providersOf } from './providers';

startService({
  name: 'image',
  loadConfig: loadImageConfig,
  migrate: migrateImageDatabase,
  outbox: true,
  providers: providersOf,
  createApp: (context) =>
    createApp({
      ...storingToolAppDeps(context),
      ...context.providers,
      localEffects: context.config.IMAGE_LOCAL_EFFECTS,
      generationTimeoutMs: context.config.FAL_TIMEOUT_MS,
    }),
  ready: ({ config, providers }) => [
    { provider: providers.provider?.name ?? 'none', falBaseUrl: config.FAL_BASE_URL },
    'image ready',
  ],
});
