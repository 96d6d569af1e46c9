// Entry point of the voice service: its database (migrated), the object store, ElevenLabs (when a key is set) and the
// local engines, NATS (credits) and the outbox, through the kit's startService; on SIGTERM the jobs in flight finish
// before the engines, the outbox, NATS and the database close.
import { createWorkPool, startService, storingToolAppDeps } from '@act/service-kit';
import { createApp } from './app';
import { loadVoiceConfig } from './config';
import { migrateVoiceDatabase } from './db/migrate';
import { createLocalEngine, createWorkerThreads } from './engines/local-engine';
import { createElevenLabsProvider } from './providers/elevenlabs';

startService({
  name: 'voice',
  loadConfig: loadVoiceConfig,
  migrate: migrateVoiceDatabase,
  outbox: true,
  jobs: true,
  providers: ({ config, logger, onClose }) => {
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
    // After the jobs running here have finished (the app's drain).
    onClose(() => local.close());
    return { provider, local };
  },
  createApp: (context) =>
    createApp({
      ...storingToolAppDeps(context),
      provider: context.providers.provider,
      local: context.providers.local,
      voicesCacheMs: context.config.VOICES_CACHE_MS,
      jobLeaseMs: context.config.JOB_LEASE_MS,
      jobPollMs: context.config.JOB_POLL_MS,
    }),
  ready: ({ providers }) => [{ provider: providers.provider?.name ?? 'local' }, 'voice service ready'],
});
