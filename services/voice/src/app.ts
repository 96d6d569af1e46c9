// The voice service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import { natsNames } from '@act/contracts/server';
import {
  creationAnnouncer,
  createServiceHttpApp,
  storingToolAppDeps,
  type HttpApp,
  type CreationAnnouncer,
  type ServiceApp,
  type ServiceContext,
  type StoringToolAppDeps,
} from '@act/service-kit';
import type { VoiceConfig } from './config';
import { createClipStore } from './db/clip-store';
import { createDictation } from './domain/transcribe';
import { createVoiceTools, type VoiceTools } from './domain/voice-tools';
import { createVoiceCatalogue } from './domain/voices';
import type { LocalEngine } from './engines/local-engine';
import type { VoiceProviders } from './providers';
import type { Transcriber } from './providers/transcriber';
import type { VoiceProvider } from './providers/voice-provider';
import { startVoiceLibrary } from './library';
import { createVoiceRouter } from './routes/voice.routes';

export interface VoiceAppDeps extends StoringToolAppDeps {
  /** Announces stored and deleted clips to the member's library (domain/creations.ts). */
  creations: CreationAnnouncer;
  /** Absent without ELEVENLABS_API_KEY: speech and isolation run locally, the rest answer 503. */
  provider: VoiceProvider | undefined;
  /** Speech to text for dictation; absent without a key (ElevenLabs or OpenAI-compatible): 503. */
  transcriber?: Transcriber | undefined;
  local: LocalEngine;
  voicesCacheMs: number;
  jobLeaseMs?: number;
  jobPollMs?: number;
  /** Fetches provider preview URLs (tests). */
  fetch?: typeof fetch;
}

export interface VoiceApp extends ServiceApp {
  app: HttpApp;
  tools: VoiceTools;
  /** Lets the jobs running here finish (shutdown, awaited by startService), then stops taking abandoned ones. */
  drain(): Promise<void>;
  /** Stops now; running jobs are left for another replica. */
  stop(): Promise<void>;
}

export function createApp(deps: VoiceAppDeps): VoiceApp {
  const { logger } = deps;
  const clips = createClipStore(deps.sql);
  const voices = createVoiceCatalogue({
    provider: deps.provider,
    local: deps.local,
    logger,
    cacheMs: deps.voicesCacheMs,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const tools = createVoiceTools({
    sql: deps.sql,
    credits: deps.credits,
    outbox: deps.outbox,
    files: deps.files,
    clips,
    creations: deps.creations,
    voices,
    provider: deps.provider,
    local: deps.local,
    logger,
    ...(deps.jobLeaseMs ? { jobLeaseMs: deps.jobLeaseMs } : {}),
    ...(deps.jobPollMs ? { jobPollMs: deps.jobPollMs } : {}),
  });
  const app = createServiceHttpApp('voice', deps, [
    createVoiceRouter({
      verifier: deps.verifier,
      tools,
      voices,
      clips,
      dictation: createDictation({ credits: deps.credits, transcriber: deps.transcriber, logger }),
      deletes: deps,
    }),
  ]);
  return {
    app,
    tools,
    drain: () => tools.runner.drain(),
    stop: () => tools.runner.stop(),
  };
}

/**
 * The app as main.ts starts it: its settings read from the config, the engines from the providers step, and its side
 * of the member's library (library.ts: the CREATIONS stream, the backfill, the answers to delete requests).
 */
export async function voiceAppOf(
  context: ServiceContext<VoiceConfig, VoiceProviders, true>,
): Promise<VoiceApp> {
  const { config, providers, nc, sql, files, outbox, logger } = context;
  const names = natsNames(config.NATS_NAMESPACE);
  const creations = creationAnnouncer(outbox, names, 'voice');
  const app = createApp({
    ...storingToolAppDeps(context),
    creations,
    provider: providers.provider,
    transcriber: providers.transcriber,
    local: providers.local,
    voicesCacheMs: config.VOICES_CACHE_MS,
    jobLeaseMs: config.JOB_LEASE_MS,
    jobPollMs: config.JOB_POLL_MS,
  });
  await startVoiceLibrary({ nc, sql, files, outbox, logger, names, creations });
  return app;
}
