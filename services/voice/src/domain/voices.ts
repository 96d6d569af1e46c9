// The voice list the screens show and the server checks voice ids against: the provider's voices (cached, so a
// member's choice is checked without a provider call each time) or, without a key, the local eSpeak voices. Every
// voice's preview plays through this service (same origin): local ones are rendered once and kept, the provider's
// are fetched from the preview URL the provider listed (never from a URL a browser sent) and kept.
import { DEFAULT_VOICE, ERROR_TEXTS, fillRoute, VOICE_ENDPOINTS, type VoiceOption } from '@act/contracts';
import { AppError, ErrorCode, type Logger } from '@act/service-kit';
import type { LocalEngine } from '../engines/local-engine';
import type { ProviderVoice, VoiceProvider } from '../providers/voice-provider';
import { findLocalVoice, LOCAL_VOICES } from './local-voices';

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
