// Entry point of the image service: its database (migrated), the object store, fal, NATS (credits) and the outbox,
// through the kit's startService; on SIGTERM the generations in flight finish (SHUTDOWN_GRACE_MS covers the
// longest) before the outbox, NATS and the database close.
import { startService, storingToolAppDeps } from '@act/service-kit';
import { createApp } from './app';
import { falEffectsOf, falModelsOf, falToolsOf, loadImageConfig } from './config';
import { migrateImageDatabase } from './db/migrate';
import { createFalEffects } from './effects/fal-effects';
import { createFalImageTools } from './image-tools/fal-image-tools';
import { createFalConnection, createFalProvider } from './providers/fal-provider';

startService({
  name: 'image',
  loadConfig: loadImageConfig,
  migrate: migrateImageDatabase,
  outbox: true,
  providers: ({ config, logger }) => {
    const provider = config.FAL_KEY
      ? createFalProvider({
          apiKey: config.FAL_KEY,
          models: falModelsOf(config),
          pollIntervalMs: config.FAL_POLL_INTERVAL_MS,
          ...(config.FAL_BASE_URL ? { baseUrl: config.FAL_BASE_URL } : {}),
        })
      : undefined;
    const connection = config.FAL_KEY
      ? createFalConnection({
          apiKey: config.FAL_KEY,
          ...(config.FAL_BASE_URL ? { baseUrl: config.FAL_BASE_URL } : {}),
        })
      : undefined;
    const falEffects = connection
      ? createFalEffects({
          connection,
          effects: falEffectsOf(config),
          pollIntervalMs: config.FAL_POLL_INTERVAL_MS,
        })
      : undefined;
    const falImageTools = connection
      ? createFalImageTools({
          connection,
          tools: falToolsOf(config),
          pollIntervalMs: config.FAL_POLL_INTERVAL_MS,
        })
      : undefined;
    if (!provider)
      logger.warn(
        'no FAL_KEY: text to image, edit a region and the photo effects that need a model answer 503 until a provider key is configured (color correction, cartoonify and a standard upscale run locally)',
      );
    return { provider, falEffects, falImageTools };
  },
  createApp: (context) =>
    createApp({
      ...storingToolAppDeps(context),
      provider: context.providers.provider,
      falEffects: context.providers.falEffects,
      falImageTools: context.providers.falImageTools,
      localEffects: context.config.IMAGE_LOCAL_EFFECTS,
      generationTimeoutMs: context.config.FAL_TIMEOUT_MS,
    }),
  ready: ({ config, providers }) => [
    { provider: providers.provider?.name ?? 'none', falBaseUrl: config.FAL_BASE_URL },
    'image ready',
  ],
});
