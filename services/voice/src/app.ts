// The voice service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import {
  createServiceHttpApp,
  storingToolAppDeps,
  type HttpApp,
  type ServiceApp,
  type ServiceContext,
  type StoringToolAppDeps,
} from '@act/service-kit';
import type { VoiceConfig } from './config';
import { createClipStore } from './db/clip-store';
import { createVoiceTools, type VoiceTools } from './domain/voice-tools';
import { createVoiceCatalogue } from './domain/voices';
import type { LocalEngine } from './engines/local-engine';
import type { VoiceProviders } from './providers';
import type { VoiceProvider } from './providers/voice-provider';
import { createVoiceRouter } from './routes/voice.routes';

export interface VoiceAppDeps extends StoringToolAppDeps {
  /** Absent without ELEVENLABS_API_KEY: speech and isolation run locally, the rest answer 503. */
  provider: VoiceProvider | undefined;
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
    voices,
    provider: deps.provider,
    local: deps.local,
    logger,
    ...(deps.jobLeaseMs ? { jobLeaseMs: deps.jobLeaseMs } : {}),
    ...(deps.jobPollMs ? { jobPollMs: deps.jobPollMs } : {}),
  });
  const app = createServiceHttpApp('voice', deps, [
    createVoiceRouter({ verifier: deps.verifier, tools, voices, clips, files: deps.files }),
  ]);
  return {
    app,
    tools,
    drain: () => tools.runner.drain(),
    stop: () => tools.runner.stop(),
  };
}

/** The app as main.ts starts it: its settings read from the config, the engines from the providers step. */
export function voiceAppOf(context: ServiceContext<VoiceConfig, VoiceProviders, true>): VoiceApp {
  const { config, providers } = context;
  return createApp({
    ...storingToolAppDeps(context),
    provider: providers.provider,
    local: providers.local,
    voicesCacheMs: config.VOICES_CACHE_MS,
    jobLeaseMs: config.JOB_LEASE_MS,
    jobPollMs: config.JOB_POLL_MS,
  });
}
