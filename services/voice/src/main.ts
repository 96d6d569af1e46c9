// Entry point of the voice service: parse config, migrate its database, connect NATS (credits), the object store,
// ElevenLabs (when a key is set) and the local engines, serve; on SIGTERM let the jobs in flight finish, then close.
import {
  connectDatabase,
  connectToolService,
  createLogger,
  createWorkPool,
  runService,
  serveFromConfig,
  startOutboxRelay,
} from '@act/service-kit';
import { createObjectStore } from '@act/service-kit/files';
import { createApp } from './app';
import { loadVoiceConfig } from './config';
import { migrateVoiceDatabase } from './db/migrate';
import { createLocalEngine, createWorkerThreads } from './engines/local-engine';
import { createElevenLabsProvider } from './providers/elevenlabs';

async function main(): Promise<void> {
  const config = loadVoiceConfig();
  const logger = createLogger({ name: 'voice', level: config.LOG_LEVEL });
  const sql = connectDatabase(config.DATABASE_URL);
  const applied = await migrateVoiceDatabase(sql);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');

  const provider = config.ELEVENLABS_API_KEY
    ? createElevenLabsProvider({
        apiKey: config.ELEVENLABS_API_KEY,
        ...(config.ELEVENLABS_BASE_URL ? { baseUrl: config.ELEVENLABS_BASE_URL } : {}),
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      })
    : undefined;
  if (!provider) {
    logger.warn(
      'no ELEVENLABS_API_KEY: speech and voice isolation run locally; sound effects and speech to speech answer 503',
    );
  }
  const local = createLocalEngine(
    createWorkPool({
      size: config.LOCAL_WORKERS,
      queueLimit: config.LOCAL_QUEUE,
      perCallerLimit: Math.max(1, Math.floor(config.LOCAL_WORKERS / 2)),
      timeoutMs: config.LOCAL_TIMEOUT_MS,
    }),
    createWorkerThreads(config.LOCAL_WORKERS),
  );
  const files = createObjectStore(config, { service: 'voice' });

  const { nc, credits, verifier, close } = await connectToolService('voice', config, logger);
  const outbox = startOutboxRelay({ sql, js: nc.jetstream(), logger });

  const voice = createApp({
    logger,
    verifier,
    credits,
    sql,
    outbox,
    files,
    provider,
    local,
    voicesCacheMs: config.VOICES_CACHE_MS,
    jobLeaseMs: config.JOB_LEASE_MS,
    jobPollMs: config.JOB_POLL_MS,
    readiness: {
      database: async () => {
        await sql`select 1`;
      },
    },
  });
  await serveFromConfig(voice.app, config, logger, [
    // Jobs running here (a member may have closed the tab) finish, are saved and charged before anything closes.
    () => voice.drain(),
    () => local.close(),
    () => outbox.publishPending(),
    () => outbox.stop(),
    close,
    () => sql.end({ timeout: 5 }),
  ]);
  logger.info({ provider: provider?.name ?? 'local' }, 'voice service ready');
}

runService('voice', main);
