// Entry point of the image service: its database (migrated), the object store, fal (providers/index.ts), NATS
// (credits) and the outbox, through the kit's startService, and its side of the member's library (library.ts); on SIGTERM the generations in flight finish
// (SHUTDOWN_GRACE_MS covers the longest) before the outbox, NATS and the database close.
import { natsNames } from '@act/contracts/server';
import { creationAnnouncer, startService, storingToolAppDeps } from '@act/service-kit';
import { createApp } from './app';
import { loadImageConfig } from './config';
import { migrateImageDatabase } from './db/migrate';
import { deleteImageMember } from './domain/member-deletion';
import { collectImageExport } from './domain/member-export';
import { startImageLibrary } from './library';
import { providersOf } from './providers';

startService({
  name: 'image',
  loadConfig: loadImageConfig,
  migrate: migrateImageDatabase,
  outbox: true,
  providers: providersOf,
  createApp: async (context) => {
    const names = natsNames(context.config.NATS_NAMESPACE);
    const creations = creationAnnouncer(context.outbox, names, 'image');
    const app = createApp({
      ...storingToolAppDeps(context),
      ...context.providers,
      creations,
      localEffects: context.config.IMAGE_LOCAL_EFFECTS,
      generationTimeoutMs: context.config.FAL_TIMEOUT_MS,
    });
    const { nc, sql, files, outbox, logger } = context;
    await startImageLibrary({ nc, sql, files, outbox, logger, names, creations });
    return app;
  },
  exportMember:
    ({ sql }) =>
    (userId) =>
      collectImageExport(sql, userId),
  deleteMember: (context) => (userId) => deleteImageMember(context, userId),
  ready: ({ config, providers }) => [
    { provider: providers.provider?.name ?? 'none', falBaseUrl: config.FAL_BASE_URL },
    'image ready',
  ],
});
