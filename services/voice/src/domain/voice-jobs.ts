// The voice tools' job handlers (the kit's job runner runs them, on whichever replica holds the job): make the audio
// (ElevenLabs, or eSpeak NG / RNNoise locally), store it, and in the job's settling transaction write the history row;
// a failure keeps only our own refusals' texts, else the tool's failure text, and deletes the upload.
import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  getTool,
  notAvailableWithoutProviderKey,
  type VoiceEngine,
  type VoiceToolId,
} from '@act/contracts';
import {
  AppError,
  ErrorCode,
  isAppError,
  isWorkTimeout,
  type JobHandler,
  type JobRecord,
  type Logger,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import { audioDurationSeconds } from '@act/service-kit/media';
import type { ClipStore } from '../db/clip-store';
import type { LocalEngine } from '../engines/local-engine';
import { UnreadableAudioError } from '../engines/pcm';
import type { ProviderAudio, VoiceProvider } from '../providers/voice-provider';
import type { ResolvedVoice } from './voices';

/** Each tool's failure text (docs/product-rules.md#errors). */
const FAILURE_TEXT: Readonly<Record<VoiceToolId, string>> = {
  'text-to-speech': ERROR_TEXTS.audio.generateSpeech,
  'sound-effects': ERROR_TEXTS.audio.generateSoundEffect,
  'voice-isolator': ERROR_TEXTS.audio.isolateVoice,
  'speech-to-speech': ERROR_TEXTS.audio.processAudioRetry,
};

export type JobInput =
  | { tool: 'text-to-speech'; engine: VoiceEngine; text: string; voice: ResolvedVoice }
  | { tool: 'sound-effects'; engine: VoiceEngine; prompt: string; durationSeconds?: number }
  | { tool: 'voice-isolator'; engine: VoiceEngine; sourceKey: string; mime: string }
  | { tool: 'speech-to-speech'; engine: VoiceEngine; sourceKey: string; mime: string; voice: ResolvedVoice };

export interface JobResult {
  clipId: string;
  audioKey: string;
  durationSeconds: number | null;
  /** What the provider billed, for accounting (absent for local work). */
  provider?: { requestId: string | null; characterCost: number | null };
}

export interface VoiceJobDeps {
  files: ObjectStore;
  clips: ClipStore;
  provider: VoiceProvider | undefined;
  local: LocalEngine;
  logger: Logger;
}

/** The provider, or the 503 'needs a provider key' for a tool only the provider can do (nothing held). */
export function needProvider(provider: VoiceProvider | undefined, tool: VoiceToolId): VoiceProvider {
  if (!provider) {
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, notAvailableWithoutProviderKey(getTool(tool).name));
  }
  return provider;
}

async function makeAudio(
  { files, provider, local }: VoiceJobDeps,
  job: JobRecord<JobInput, JobResult>,
  progress: (percent: number) => void,
  signal: AbortSignal,
): Promise<Buffer | ProviderAudio> {
  const input = job.input;
  const onProgress = (fraction: number) => progress(5 + fraction * 85);
  progress(5);
  switch (input.tool) {
    case 'text-to-speech':
      if (input.engine === 'local') {
        const result = await local.run(
          job.owner,
          { kind: 'speak', text: input.text, voice: input.voice.espeak ?? 'en-us' },
          { onProgress, signal },
        );
        return result.mp3;
      }
      return needProvider(provider, input.tool).textToSpeech({
        text: input.text,
        voiceId: input.voice.id,
        signal,
      });
    case 'sound-effects':
      return needProvider(provider, input.tool).soundEffect({
        text: input.prompt,
        ...(input.durationSeconds !== undefined ? { durationSeconds: input.durationSeconds } : {}),
        signal,
      });
    case 'voice-isolator': {
      const bytes = await files.read(input.sourceKey);
      if (input.engine === 'local') {
        const mime = input.mime === 'audio/wav' ? 'audio/wav' : 'audio/mpeg';
        const result = await local.run(job.owner, { kind: 'isolate', bytes, mime }, { onProgress, signal });
        return result.mp3;
      }
      return needProvider(provider, input.tool).isolateVoice({ audio: { bytes, mime: input.mime }, signal });
    }
    case 'speech-to-speech': {
      const bytes = await files.read(input.sourceKey);
      return needProvider(provider, input.tool).speechToSpeech({
        audio: { bytes, mime: input.mime },
        voiceId: input.voice.id,
        signal,
      });
    }
  }
}

/** One handler per tool, each failing with the tool's own text when the failure is not one of our refusals. */
export function voiceJobHandlers(deps: VoiceJobDeps): Record<VoiceToolId, JobHandler<JobInput, JobResult>> {
  const { files, clips, logger } = deps;
  const handler: JobHandler<JobInput, JobResult> = {
    async run(job, { progress, signal }) {
      const made = await makeAudio(deps, job, progress, signal);
      const audio = Buffer.isBuffer(made) ? made : made.audio;
      if (audio.length === 0) throw new Error('no audio was made');
      progress(92);
      const stored = await files.put({
        owner: job.owner,
        body: audio,
        contentType: 'audio/mpeg',
        ext: 'mp3',
      });
      progress(98);
      return {
        clipId: randomUUID(),
        audioKey: stored.key,
        durationSeconds: (await audioDurationSeconds(audio, 'audio/mpeg')) ?? null,
        ...(Buffer.isBuffer(made)
          ? {}
          : { provider: { requestId: made.requestId, characterCost: made.characterCost } }),
      };
    },
    async saveIn(tx, job, result) {
      const input = job.input;
      await clips.insertIn(tx, {
        id: result.clipId,
        user_id: job.owner,
        tool: input.tool,
        job_id: job.id,
        audio_key: result.audioKey,
        source_key: 'sourceKey' in input ? input.sourceKey : null,
        text:
          input.tool === 'text-to-speech' ? input.text : input.tool === 'sound-effects' ? input.prompt : null,
        voice_id: 'voice' in input ? input.voice.id : null,
        voice_name: 'voice' in input ? input.voice.name : null,
        duration_seconds: result.durationSeconds,
        engine: input.engine,
      });
    },
    async onFailed(job) {
      // Nothing was made: the upload kept for the before/after switch goes too.
      if ('sourceKey' in job.input) await files.delete([job.input.sourceKey]);
    },
    failureOf(error) {
      // Only our own refusals keep their text; a provider's or engine's message never reaches the member.
      if (isAppError(error)) return { message: error.message, code: error.code };
      if (error instanceof UnreadableAudioError) {
        return { message: ERROR_TEXTS.voice.audioUnreadable, code: ErrorCode.VALIDATION_FAILED };
      }
      return { message: ERROR_TEXTS.audio.processAudioRetry, code: ErrorCode.PROVIDER_FAILED };
    },
  };

  /** The tool's own failure text for a job failure that has no AppError of ours. */
  const toolHandler = (tool: VoiceToolId): JobHandler<JobInput, JobResult> => ({
    ...handler,
    failureOf(error) {
      const failure = handler.failureOf!(error);
      if (isAppError(error) || error instanceof UnreadableAudioError) return failure;
      if (isWorkTimeout(error)) logger.warn({ tool }, 'local voice work ran out of its time budget');
      return { message: FAILURE_TEXT[tool], code: ErrorCode.PROVIDER_FAILED };
    },
  });

  return {
    'text-to-speech': toolHandler('text-to-speech'),
    'sound-effects': toolHandler('sound-effects'),
    'voice-isolator': toolHandler('voice-isolator'),
    'speech-to-speech': toolHandler('speech-to-speech'),
  };
}
