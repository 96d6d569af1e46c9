// The voice tools through ElevenLabs' official SDK (@elevenlabs/elevenlabs-js): text to speech with
// eleven_flash_v2_5 as MP3 at 44.1 kHz, the account's voices with their preview URLs, sound effects (2-10 s), voice
// isolation and speech to speech. ELEVENLABS_BASE_URL points it elsewhere (tests use a local fake that speaks the
// same HTTP API). The SDK's own retries are off; the kit's one rule applies (docs/providers.md#retries): a paid
// conversion is tried again only when ElevenLabs cannot have taken it (429), the voice list after a 5xx too. A failed
// call is refunded and the member may try again.
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { SOUND_EFFECT_OUTPUT_FORMAT, TTS_MODEL, TTS_OUTPUT_FORMAT } from '@act/contracts';
import { observeProvider, retryProviderCall, serviceMetrics } from '@act/service-kit';
import type { ProviderAudio, ProviderAudioInput, ProviderVoice, VoiceProvider } from './voice-provider';

export interface ElevenLabsOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs: number;
}

const SPEECH_TO_SPEECH_MODEL = 'eleven_multilingual_sts_v2';
const EXTENSIONS: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/webm': 'webm',
};

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  if (body.length === 0) throw new Error('ElevenLabs answered with no audio');
  return body;
}

/** The audio of a call, with ElevenLabs' request id and billed characters from its response headers. */
async function audioOf(
  call: PromiseLike<unknown> & {
    withRawResponse(): Promise<{ data: ReadableStream<Uint8Array>; rawResponse: { headers: Headers } }>;
  },
): Promise<ProviderAudio> {
  const { data, rawResponse } = await call.withRawResponse();
  const cost = Number(rawResponse.headers.get('character-cost'));
  return {
    audio: await bytesOf(data),
    requestId: rawResponse.headers.get('request-id'),
    characterCost: Number.isFinite(cost) && rawResponse.headers.has('character-cost') ? cost : null,
  };
}

const upload = ({ bytes, mime }: ProviderAudioInput) => ({
  data: bytes,
  filename: `audio.${EXTENSIONS[mime] ?? 'bin'}`,
  contentType: mime,
});

export function createElevenLabsProvider({ apiKey, baseUrl, timeoutMs }: ElevenLabsOptions): VoiceProvider {
  const client = new ElevenLabsClient({
    apiKey,
    ...(baseUrl ? { baseUrl } : {}),
    timeoutInSeconds: Math.ceil(timeoutMs / 1000),
    maxRetries: 0,
  });
  const options = (signal?: AbortSignal) => ({ ...(signal ? { abortSignal: signal } : {}), maxRetries: 0 });
  /** A conversion is paid work: by the one rule, not repeated after a 5xx (it may have been done). */
  const paid = <T>(call: () => Promise<T>, signal: AbortSignal | undefined) =>
    retryProviderCall(call, { idempotent: false, ...(signal ? { signal } : {}) });

  const adapter: VoiceProvider = {
    name: 'elevenlabs',

    async listVoices(signal) {
      // A read: retried after a refusal, a 429 or a 5xx.
      const { voices } = await retryProviderCall(() => client.voices.getAll({}, options(signal)), {
        idempotent: true,
        ...(signal ? { signal } : {}),
      });
      return voices.map((voice): ProviderVoice => ({
        id: voice.voiceId,
        name: voice.name ?? voice.voiceId,
        previewUrl: voice.previewUrl ?? null,
        language: voice.labels?.accent ?? voice.labels?.language ?? null,
      }));
    },

    textToSpeech: ({ text, voiceId, signal }) =>
      paid(
        () =>
          audioOf(
            client.textToSpeech.convert(
              voiceId,
              { text, modelId: TTS_MODEL, outputFormat: TTS_OUTPUT_FORMAT },
              options(signal),
            ),
          ),
        signal,
      ),

    soundEffect: ({ text, durationSeconds, signal }) =>
      paid(
        () =>
          audioOf(
            client.textToSoundEffects.convert(
              {
                text,
                outputFormat: SOUND_EFFECT_OUTPUT_FORMAT,
                ...(durationSeconds !== undefined ? { durationSeconds } : {}),
              },
              options(signal),
            ),
          ),
        signal,
      ),

    isolateVoice: ({ audio, signal }) =>
      paid(() => audioOf(client.audioIsolation.convert({ audio: upload(audio) }, options(signal))), signal),

    speechToSpeech: ({ audio, voiceId, signal }) =>
      paid(
        () =>
          audioOf(
            client.speechToSpeech.convert(
              voiceId,
              { audio: upload(audio), modelId: SPEECH_TO_SPEECH_MODEL, outputFormat: TTS_OUTPUT_FORMAT },
              options(signal),
            ),
          ),
        signal,
      ),
  };

  // Each call is counted on the voice service's /metrics (provider elevenlabs, operation: the tool, or voices).
  return observeProvider(adapter, {
    metrics: serviceMetrics('voice'),
    provider: 'elevenlabs',
    operations: {
      listVoices: 'voices',
      textToSpeech: 'text-to-speech',
      soundEffect: 'sound-effects',
      isolateVoice: 'voice-isolator',
      speechToSpeech: 'speech-to-speech',
    },
  });
}
