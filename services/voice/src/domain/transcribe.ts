// Dictation (docs/product-rules.md#dictation): a member's recording turned into text, 1 credit per started minute of
// audio (its length read from the bytes, recording.ts), held before the provider is called and committed only when
// text comes back; a provider failure, a stop or a recording without words is released, so the member pays nothing.
// No provider: 503 before anything is held. Nothing is stored: the text goes back to the message box.
import {
  ERROR_TEXTS,
  getTool,
  notAvailableWithoutProviderKey,
  transcribeMinutes,
  type VoiceToolStatus,
} from '@act/contracts';
import {
  AppError,
  ErrorCode,
  isAppError,
  payerOf,
  runChargedTool,
  type ChargedCall,
  type CreditsClient,
  type Logger,
  type Member,
} from '@act/service-kit';
import type { Transcriber } from '../providers/transcriber';
import { readRecording } from './recording';

export interface Dictation {
  status(): VoiceToolStatus;
  /** Throws 503 without a provider, the family's 400s for an unusable recording, the refusal of a short balance. */
  transcribe(
    call: ChargedCall<Member>,
    audioDataUrl: string,
  ): Promise<{ text: string; remainingCredits: number | null }>;
}

export function createDictation(deps: {
  credits: CreditsClient;
  transcriber: Transcriber | undefined;
  logger: Logger;
}): Dictation {
  const { credits, transcriber, logger } = deps;
  const unavailable = notAvailableWithoutProviderKey(getTool('transcribe').name);
  return {
    status: () => ({
      available: Boolean(transcriber),
      engine: transcriber?.name === 'elevenlabs' ? 'elevenlabs' : null,
      acceptedAudio: transcriber
        ? ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/wav', 'audio/mp4', 'audio/flac', 'audio/aac']
        : [],
      note: transcriber ? null : unavailable,
    }),

    async transcribe(call, audioDataUrl) {
      if (!transcriber) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, unavailable);
      const recording = await readRecording(audioDataUrl);
      const minutes = transcribeMinutes(recording.durationSeconds);
      const { result, remainingCredits } = await runChargedTool(
        credits,
        { tool: 'transcribe', options: { minutes }, ...payerOf(call) },
        async (signal) => {
          let text: string;
          try {
            text = await transcriber.transcribe({ audio: recording, signal });
          } catch (error) {
            if (isAppError(error) || signal.aborted) throw error;
            logger.warn({ err: error, provider: transcriber.name }, 'speech to text failed; hold released');
            throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.voice.transcribeFailed, {
              cause: error,
            });
          }
          // Nothing to put in the message box: not a delivered result, so not charged.
          if (!text) throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.voice.transcribeEmpty);
          return text;
        },
        call.signal ? { signal: call.signal } : {},
      );
      return { text: result, remainingCredits };
    },
  };
}
