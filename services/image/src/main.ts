// Entry point of the image service: parse config, migrate its database, connect NATS (credits), the object store
// and fal, serve; on SIGTERM let the generations in flight finish (SHUTDOWN_GRACE_MS covers the longest), then close
// the outbox, NATS and the database.
import {
  connectDatabase,
  connectToolService,
  createLogger,
  runService,
  serveFromConfig,
  startOutboxRelay,
} from '@act/service-kit';
import { createObjectStore } from '@act/service-kit/files';
import { createApp } from './app';
import { falEffectsOf, falModelsOf, loadImageConfig } from './config';
import { migrateImageDatabase } from './db/migrate';
import { createFalEffects } from './effects/fal-effects';
import { createFalConnection, createFalProvider } from './providers/fal-provider';

async function main(): Promise<void> {
  const config = loadImageConfig();
  const logger = createLogger({ name: 'image', level: config.LOG_LEVEL });
  const sql = connectDatabase(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
  const applied = await migrateImageDatabase(sql);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');

  const files = createObjectStore(config, { service: 'image' });
  const provider = config.FAL_KEY
    ? createFalProvider({
        apiKey: config.FAL_KEY,
        models: falModelsOf(config),
        pollIntervalMs: config.FAL_POLL_INTERVAL_MS,
        ...(config.FAL_BASE_URL ? { baseUrl: config.FAL_BASE_URL } : {}),
      })
    : undefined;
  const falEffects = config.FAL_KEY
    ? createFalEffects({
        connection: createFalConnection({
          apiKey: config.FAL_KEY,
          ...(config.FAL_BASE_URL ? { baseUrl: config.FAL_BASE_URL } : {}),
        }),
        effects: falEffectsOf(config),
        pollIntervalMs: config.FAL_POLL_INTERVAL_MS,
      })
    : undefined;
  if (!provider)
    logger.warn(
      'no FAL_KEY: text to image and the photo effects that need a model answer 503 until a provider key is configured (color correction and cartoonify run locally)',
    );

  const { nc, credits, verifier, close } = await connectToolService('image', config, logger);
  const outbox = startOutboxRelay({ sql, js: nc.jetstream(), logger });

  const image = createApp({
    logger,
    verifier,
    credits,
    sql,
    outbox,
    files,
    provider,
    falEffects,
    localEffects: config.IMAGE_LOCAL_EFFECTS,
    generationTimeoutMs: config.FAL_TIMEOUT_MS,
    readiness: {
      database: async () => {
        await sql`select 1`;
      },
    },
  });
  await serveFromConfig(image.app, config, logger, [
    // Generations whose member left still finish, are stored and settled before anything closes.
    () => image.drain(),
    () => outbox.publishPending(),
    () => outbox.stop(),
    close,
    () => sql.end({ timeout: 5 }),
  ]);
  logger.info({ provider: provider?.name ?? 'none', falBaseUrl: config.FAL_BASE_URL }, 'image ready');
}

runService('image', main);
