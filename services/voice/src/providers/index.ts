// The voice service's providers, built once at start from its config (startService's providers step): ElevenLabs when
// a key is set, and the local engines (eSpeak NG, RNNoise) on their own worker threads, closed after the jobs running
// here have finished (the app's drain).
import { createWorkPool, observeProvider, serviceMetrics, type ProviderContext } from '@act/service-kit';
import type { VoiceConfig } from '../config';
import { createLocalEngine, createWorkerThreads, type LocalEngine } from '../engines/local-engine';
import { createElevenLabsProvider } from './elevenlabs';
import { createTranscriber, type Transcriber } from './transcriber';
import type { VoiceProvider } from './voice-provider';

export interface VoiceProviders {
  /** Absent without ELEVENLABS_API_KEY: speech and isolation run locally, the rest answer 503. */
  provider: VoiceProvider | undefined;
  /** Dictation's speech to text: ElevenLabs with its key, else an OpenAI-compatible one, else none (503). */
  transcriber: Transcriber | undefined;
  local: LocalEngine;
}

export function providersOf({ config, logger, onClose }: ProviderContext<VoiceConfig>): VoiceProviders {
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
  const pool = createWorkPool({
    size: config.LOCAL_WORKERS,
    queueLimit: config.LOCAL_QUEUE,
    perCallerLimit: Math.max(1, Math.floor(config.LOCAL_WORKERS / 2)),
    timeoutMs: config.LOCAL_TIMEOUT_MS,
  });
  // Each local run is counted on /metrics like a provider call (provider local, operation: the tool).
  const local = observeProvider(createLocalEngine(pool, createWorkerThreads(config.LOCAL_WORKERS)), {
    metrics: serviceMetrics('voice'),
    provider: 'local',
    operations: { run: (_callerKey, task) => (task.kind === 'speak' ? 'text-to-speech' : 'voice-isolator') },
  });
  // After the jobs running here have finished (the app's drain).
  onClose(() => local.close());
  const transcriber = createTranscriber(config);
  if (!transcriber) logger.warn('no ELEVENLABS_API_KEY or OPENAI_API_KEY: dictation answers 503');
  return { provider, transcriber, local };
}
