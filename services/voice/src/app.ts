// The voice service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import {
  createServiceHttpApp,
  type HttpApp,
  type ServiceApp,
  type StoringToolAppDeps,
} from '@act/service-kit';
import { createClipStore } from './db/clip-store';
import { createVoiceTools, type VoiceTools } from './domain/voice-tools';
import { createVoiceCatalogue } from './domain/voices';
import type { LocalEngine } from './engines/local-engine';
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
