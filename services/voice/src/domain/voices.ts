// The voice list the screens show and the server checks voice ids against: the provider's voices (cached, so a
// member's choice is checked without a provider call each time) or, without a key, the local eSpeak voices. Every
// voice's preview plays through this service (same origin): local ones are rendered once and kept, the provider's
// are fetched from the preview URL the provider listed (never from a URL a browser sent) and kept. The local voices:
// English and the spec's other languages that eSpeak has (all ten), each with a short sample sentence for its
// preview button; the spec's fallback voice, Adam, is accepted too and speaks American English, so the screen's
// fallback works offline as well.
import { DEFAULT_VOICE, ERROR_TEXTS, fillRoute, VOICE_ENDPOINTS, type VoiceOption } from '@act/contracts';
import { AppError, ErrorCode, type Logger } from '@act/service-kit';
import type { LocalEngine } from '../engines/local-engine';
import type { ProviderVoice, VoiceProvider } from '../providers/voice-provider';

export interface ResolvedVoice {
  id: string;
  name: string;
  /** The eSpeak voice, for local speech. */
  espeak?: string;
}

export interface VoiceCatalogue {
  list(): Promise<VoiceOption[]>;
  /** The voice a member chose, or a 400 'Please select one of the listed voices'. */
  resolve(id: string): Promise<ResolvedVoice>;
  /** A voice's preview as MP3, or a 404 for a voice that is not listed. */
  preview(id: string): Promise<Buffer>;
}

export interface VoiceCatalogueDeps {
  provider: VoiceProvider | undefined;
  local: LocalEngine;
  logger: Logger;
  cacheMs: number;
  /** Fetches a provider preview URL (tests point it at the fake). */
  fetch?: typeof fetch;
}

const previewPath = (voiceId: string) => fillRoute(VOICE_ENDPOINTS.voicePreview.path, { voiceId });
const MAX_PREVIEW_BYTES = 2 * 1024 * 1024;
const PREVIEW_TIMEOUT_MS = 10_000;

const unknownVoice = () =>
  new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.voice.unknownVoice, {
    details: { field: 'voiceId' },
  });

export function createVoiceCatalogue({
  provider,
  local,
  logger,
  cacheMs,
  fetch: fetchPreview = fetch,
}: VoiceCatalogueDeps): VoiceCatalogue {
  let cached: { at: number; voices: Promise<ProviderVoice[]> } | undefined;
  const previews = new Map<string, Promise<Buffer>>();

  const providerVoices = (): Promise<ProviderVoice[]> => {
    if (!provider) return Promise.resolve([]);
    if (cached && Date.now() - cached.at < cacheMs) return cached.voices;
    const voices = provider.listVoices();
    cached = { at: Date.now(), voices };
    // A failed list is not kept: the next call asks again.
    voices.catch((error: unknown) => {
      logger.warn({ err: error }, 'voice list could not be loaded from the provider');
      if (cached?.voices === voices) cached = undefined;
    });
    return voices;
  };

  const remember = (id: string, make: () => Promise<Buffer>) => {
    const existing = previews.get(id);
    if (existing) return existing;
    const made = make();
    previews.set(id, made);
    made.catch(() => previews.delete(id));
    return made;
  };

  return {
    async list() {
      if (!provider) {
        return LOCAL_VOICES.map((voice) => ({
          id: voice.id,
          name: voice.name,
          language: voice.language,
          previewUrl: previewPath(voice.id),
        }));
      }
      const voices = await providerVoices().catch((error: unknown) => {
        throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.network.fetchVoices, { cause: error });
      });
      return voices.map((voice) => ({
        id: voice.id,
        name: voice.name,
        language: voice.language,
        previewUrl: voice.previewUrl ? previewPath(voice.id) : null,
      }));
    },

    async resolve(id) {
      if (!provider) {
        const voice = findLocalVoice(id);
        if (!voice) throw unknownVoice();
        return { id: voice.id, name: voice.name, espeak: voice.espeak };
      }
      let voices: ProviderVoice[];
      try {
        voices = await providerVoices();
      } catch {
        // The list failed, so the screen fell back to Adam (docs/product-rules.md#errors): that one voice is still
        // accepted.
        if (id === DEFAULT_VOICE.id) return { ...DEFAULT_VOICE };
        throw unknownVoice();
      }
      const voice = voices.find((v) => v.id === id);
      if (!voice) throw unknownVoice();
      return { id: voice.id, name: voice.name };
    },

    async preview(id) {
      if (!provider) {
        const voice = findLocalVoice(id);
        if (!voice) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
        return remember(id, async () => {
          const result = await local.run('voice-preview', {
            kind: 'speak',
            text: voice.sample,
            voice: voice.espeak,
          });
          return result.mp3;
        });
      }
      const voices = await providerVoices().catch(() => []);
      const url = voices.find((v) => v.id === id)?.previewUrl;
      if (!url) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
      return remember(id, async () => {
        const response = await fetchPreview(url, { signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS) });
        const body = Buffer.from(await response.arrayBuffer());
        if (!response.ok || body.length === 0 || body.length > MAX_PREVIEW_BYTES) {
          throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.server.providerFailed);
        }
        return body;
      });
    },
  };
}

export interface LocalVoice {
  id: string;
  name: string;
  language: string;
  /** eSpeak NG voice and variant. */
  espeak: string;
  /** What its preview says. */
  sample: string;
}

export const LOCAL_VOICES: readonly LocalVoice[] = [
  {
    id: 'local-en-us-m',
    name: 'James (eSpeak)',
    language: 'English (US)',
    espeak: 'en-us',
    sample: 'Hello! This is how I sound.',
  },
  {
    id: 'local-en-us-f',
    name: 'Emma (eSpeak)',
    language: 'English (US)',
    espeak: 'en-us+f3',
    sample: 'Hello! This is how I sound.',
  },
  {
    id: 'local-en-gb-m',
    name: 'Oliver (eSpeak)',
    language: 'English (UK)',
    espeak: 'en-gb',
    sample: 'Hello! This is how I sound.',
  },
  {
    id: 'local-es',
    name: 'Lucía (eSpeak)',
    language: 'Spanish',
    espeak: 'es+f2',
    sample: '¡Hola! Así suena mi voz.',
  },
  {
    id: 'local-fr',
    name: 'Louis (eSpeak)',
    language: 'French',
    espeak: 'fr-fr',
    sample: 'Bonjour ! Voici ma voix.',
  },
  {
    id: 'local-de',
    name: 'Jonas (eSpeak)',
    language: 'German',
    espeak: 'de',
    sample: 'Hallo! So klingt meine Stimme.',
  },
  {
    id: 'local-it',
    name: 'Giulia (eSpeak)',
    language: 'Italian',
    espeak: 'it+f2',
    sample: 'Ciao! Questa è la mia voce.',
  },
  {
    id: 'local-pt-br',
    name: 'Pedro (eSpeak)',
    language: 'Portuguese (Brazil)',
    espeak: 'pt-br',
    sample: 'Olá! Esta é a minha voz.',
  },
  {
    id: 'local-zh',
    name: 'Wei (eSpeak)',
    language: 'Chinese (Mandarin)',
    espeak: 'cmn',
    sample: '你好！这是我的声音。',
  },
  {
    id: 'local-ja',
    name: 'Haruto (eSpeak)',
    language: 'Japanese',
    espeak: 'ja',
    sample: 'こんにちは。これが私の声です。',
  },
  {
    id: 'local-ko',
    name: 'Minjun (eSpeak)',
    language: 'Korean',
    espeak: 'ko',
    sample: '안녕하세요. 제 목소리입니다.',
  },
  { id: 'local-ar', name: 'Omar (eSpeak)', language: 'Arabic', espeak: 'ar', sample: 'مرحبا! هذا هو صوتي.' },
];

/** The spec's fallback voice (Adam), spoken locally in American English. */
const LOCAL_ADAM: LocalVoice = {
  id: DEFAULT_VOICE.id,
  name: DEFAULT_VOICE.name,
  language: 'English (US)',
  espeak: 'en-us',
  sample: 'Hello! This is how I sound.',
};

export function findLocalVoice(id: string): LocalVoice | undefined {
  return id === LOCAL_ADAM.id ? LOCAL_ADAM : LOCAL_VOICES.find((voice) => voice.id === id);
}
