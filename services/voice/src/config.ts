// Configuration of the voice service, parsed once from the environment at start: its database (history, jobs,
// outbox), NATS (credits), the object store (audio files), ElevenLabs (optional: without a key, speech and voice
// isolation run locally and the other two tools answer 503), and the local engines' limits.
import { CHARGED_WORK_MAX_MS } from '@act/contracts';
import {
  baseConfigSchema,
  configUrl,
  databaseConfigFields,
  graceCoversWork,
  loadConfig,
  shutdownGraceField,
  toolServiceConfigFields,
  z,
} from '@act/service-kit';
import { objectStoreConfigFields } from '@act/service-kit/files';

/** Room inside the charged-work limit for storing the result and committing after the audio is made. */
const SETTLE_ALLOWANCE_MS = 20_000;
const WORK_MAX_MS = CHARGED_WORK_MAX_MS - SETTLE_ALLOWANCE_MS;

export const voiceConfigSchema = graceCoversWork(
  baseConfigSchema.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8106),
    ...databaseConfigFields,
    ...objectStoreConfigFields,
    /** ElevenLabs key; unset means local engines only. */
    ELEVENLABS_API_KEY: z.string().min(1).optional(),
    /** Where ElevenLabs calls go instead of https://api.elevenlabs.io (tests: a local fake). */
    ELEVENLABS_BASE_URL: configUrl(['http', 'https']).optional(),
    /** Speech to text for dictation without ElevenLabs: an OpenAI-compatible key (docs/providers.md#speech-to-text). */
    OPENAI_API_KEY: z.string().min(1).optional(),
    /** Where OpenAI-compatible calls go (`…/v1`); `/audio/transcriptions` is appended. */
    OPENAI_BASE_URL: configUrl(['http', 'https']).default('https://api.openai.com/v1'),
    /** The OpenAI-compatible transcription model. */
    TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
    /** ElevenLabs' speech-to-text model. */
    ELEVENLABS_TRANSCRIBE_MODEL: z.string().min(1).default('scribe_v1'),
    /**
     * One provider call. Voice isolation takes 30-120 s (docs/product-rules.md#costs-and-limits); the whole job must
     * fit in the time a charge may be held.
     */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(WORK_MAX_MS).default(150_000),
    /** How long the provider's voice list is reused before it is asked again. */
    VOICES_CACHE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(10 * 60_000),
    /** Local audio work (eSpeak NG, RNNoise) running at once: each takes a core. */
    LOCAL_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
    /** Local tasks that may wait for a worker; one more is refused at once with a 503. */
    LOCAL_QUEUE: z.coerce.number().int().min(0).max(1_000).default(16),
    /** Budget of one local task. */
    LOCAL_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(WORK_MAX_MS).default(120_000),
    /** A job's lease: a job whose replica stopped renewing it is taken over by another replica after this. */
    JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(300_000).default(30_000),
    /** How often a replica looks for abandoned jobs. */
    JOB_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    ...toolServiceConfigFields,
    /** A stopping replica finishes the jobs in flight. */
    ...shutdownGraceField,
  }),
  ['PROVIDER_TIMEOUT_MS', 'LOCAL_TIMEOUT_MS'],
  'job',
);

export type VoiceConfig = z.infer<typeof voiceConfigSchema>;

export function loadVoiceConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<VoiceConfig> {
  return loadConfig(voiceConfigSchema, env);
}
