// What this server can run of the four voice tools (GET /api/voice/status and the upload check): with ElevenLabs
// every tool; without it speech and isolation locally (isolation from MP3 or WAV only), the other two not at all.
import {
  ERROR_TEXTS,
  getTool,
  notAvailableWithoutProviderKey,
  type VoiceEngine,
  type VoiceStatusReply,
  type VoiceToolId,
} from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';
import type { AudioInput } from '@act/service-kit/media';
import type { VoiceProvider } from '../providers/voice-provider';

/** What the local isolator decodes in process (permissive decoders only); other formats need the provider. */
export const LOCAL_ISOLATION_TYPES = ['audio/mpeg', 'audio/wav'] as const;
const ALL_AUDIO_TYPES = [
  'audio/mpeg',
  'audio/wav',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/webm',
  'audio/flac',
];

/** The four voice tools' status; dictation's is its own (transcribe.ts). */
export type VoiceToolsStatus = Omit<VoiceStatusReply['tools'], 'transcribe'>;

export function voiceToolStatus(provider: VoiceProvider | undefined): VoiceToolsStatus {
  const engine: VoiceEngine = provider ? 'elevenlabs' : 'local';
  const keyNote = (tool: VoiceToolId) =>
    provider ? null : notAvailableWithoutProviderKey(getTool(tool).name);
  return {
    'text-to-speech': { available: true, engine, acceptedAudio: [], note: null },
    'sound-effects': {
      available: Boolean(provider),
      engine: provider ? engine : null,
      acceptedAudio: [],
      note: keyNote('sound-effects'),
    },
    'voice-isolator': {
      available: true,
      engine,
      acceptedAudio: provider ? ALL_AUDIO_TYPES : [...LOCAL_ISOLATION_TYPES],
      note: provider ? null : ERROR_TEXTS.voice.localFormats,
    },
    'speech-to-speech': {
      available: Boolean(provider),
      engine: provider ? engine : null,
      acceptedAudio: provider ? ALL_AUDIO_TYPES : [],
      note: keyNote('speech-to-speech'),
    },
  };
}

/** Refuses, before anything is held, an upload the local isolator cannot decode when there is no provider. */
export function requireIsolatableAudio(provider: VoiceProvider | undefined, audio: AudioInput): void {
  if (!provider && !(LOCAL_ISOLATION_TYPES as readonly string[]).includes(audio.mime)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.voice.localFormats, {
      details: { field: 'audioFile' },
    });
  }
}

/** The provider, or the 503 'needs a provider key' for a tool only the provider can do (nothing held). */
export function needProvider(provider: VoiceProvider | undefined, tool: VoiceToolId): VoiceProvider {
  if (!provider) {
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, notAvailableWithoutProviderKey(getTool(tool).name));
  }
  return provider;
}
