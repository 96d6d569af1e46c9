// The four voice tools as charged jobs (members only): check everything that can be checked first (text, voice id,
// the upload's bytes and length, whether this server can run the tool at all), hold the credits, store an uploaded
// original, then hand the work to the jobs runner. The job makes the audio (ElevenLabs, or eSpeak NG / RNNoise
// locally), stores it and, in one transaction, writes the history row and commits the charge; a failure is refunded.
// The work belongs to the server: a member who closes the tab still gets the result in the history, charged once.
import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  ERROR_TEXTS,
  getTool,
  notAvailableWithoutProviderKey,
  voiceDownloadName,
  type AudioClip,
  type ErrorCode as ErrorCodeValue,
  type VoiceEngine,
  type VoiceJob,
  type VoiceToolId,
} from '@act/contracts';
import {
  AppError,
  createJobRunner,
  ErrorCode,
  isAppError,
  isWorkTimeout,
  reserveCharge,
  type CreditsClient,
  type JobHandler,
  type JobRecord,
  type Logger,
  type Outbox,
  type Sql,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import { audioDurationSeconds, type AudioInput } from '@act/service-kit/media';
import type { LocalEngine } from '../engines/local-engine';
import { UnreadableAudioError } from '../engines/pcm';
import type { ProviderAudio, VoiceProvider } from '../providers/voice-provider';
import type { ClipRow, ClipStore } from '../db/clip-store';
import type { FollowOptions, JobMember, StartedJob, ToolReply, VoiceTools } from './voice-tools-api';
import type { ResolvedVoice, VoiceCatalogue } from './voices';

export type { FollowOptions, JobMember, StartedJob, ToolReply, VoiceTools };

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

/** Each tool's failure text (docs/product-rules.md#errors). */
const FAILURE_TEXT: Readonly<Record<VoiceToolId, string>> = {
  'text-to-speech': ERROR_TEXTS.audio.generateSpeech,
  'sound-effects': ERROR_TEXTS.audio.generateSoundEffect,
  'voice-isolator': ERROR_TEXTS.audio.isolateVoice,
  'speech-to-speech': ERROR_TEXTS.audio.processAudioRetry,
};

type JobInput =
  | { tool: 'text-to-speech'; engine: VoiceEngine; text: string; voice: ResolvedVoice }
  | { tool: 'sound-effects'; engine: VoiceEngine; prompt: string; durationSeconds?: number }
  | { tool: 'voice-isolator'; engine: VoiceEngine; sourceKey: string; mime: string }
  | { tool: 'speech-to-speech'; engine: VoiceEngine; sourceKey: string; mime: string; voice: ResolvedVoice };

interface JobResult {
  clipId: string;
  audioKey: string;
  durationSeconds: number | null;
  /** What the provider billed, for accounting (absent for local work). */
  provider?: { requestId: string | null; characterCost: number | null };
}

export interface VoiceToolsDeps {
  sql: Sql;
  credits: CreditsClient;
  outbox: Outbox;
  files: ObjectStore;
  clips: ClipStore;
  voices: VoiceCatalogue;
  provider: VoiceProvider | undefined;
  local: LocalEngine;
  logger: Logger;
  jobLeaseMs?: number;
  jobPollMs?: number;
}

const codeOf = (value: string | null): ErrorCodeValue =>
  ERROR_CODES.includes(value as ErrorCodeValue) ? (value as ErrorCodeValue) : ErrorCode.INTERNAL;

export function createVoiceTools(deps: VoiceToolsDeps): VoiceTools {
  const { credits, files, clips, voices, provider, local, logger } = deps;
  const engine: VoiceEngine = provider ? 'elevenlabs' : 'local';

  /** The provider, or the 503 'needs a provider key' for a tool only the provider can do (nothing held). */
  const needProvider = (tool: VoiceToolId): VoiceProvider => {
    if (!provider) {
      throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, notAvailableWithoutProviderKey(getTool(tool).name));
    }
    return provider;
  };

  async function makeAudio(
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
        return needProvider(input.tool).textToSpeech({ text: input.text, voiceId: input.voice.id, signal });
      case 'sound-effects':
        return needProvider(input.tool).soundEffect({
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
        return needProvider(input.tool).isolateVoice({ audio: { bytes, mime: input.mime }, signal });
      }
      case 'speech-to-speech': {
        const bytes = await files.read(input.sourceKey);
        return needProvider(input.tool).speechToSpeech({
          audio: { bytes, mime: input.mime },
          voiceId: input.voice.id,
          signal,
        });
      }
    }
  }

  const handler: JobHandler<JobInput, JobResult> = {
    async run(job, { progress, signal }) {
      const made = await makeAudio(job, progress, signal);
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

  const runner = createJobRunner({
    sql: deps.sql,
    credits,
    outbox: deps.outbox,
    logger,
    handlers: {
      'text-to-speech': toolHandler('text-to-speech'),
      'sound-effects': toolHandler('sound-effects'),
      'voice-isolator': toolHandler('voice-isolator'),
      'speech-to-speech': toolHandler('speech-to-speech'),
    },
    failureText: ERROR_TEXTS.audio.processAudioRetry,
    ...(deps.jobLeaseMs ? { leaseMs: deps.jobLeaseMs } : {}),
    ...(deps.jobPollMs ? { pollMs: deps.jobPollMs } : {}),
  });

  /** Holds the credits, stores the upload (if any) and starts the job; releases the hold if it cannot start. */
  async function start(
    { userId, apiKey }: JobMember,
    requestId: string | undefined,
    tool: VoiceToolId,
    input: (sourceKey: string | null) => JobInput,
    upload?: AudioInput,
  ): Promise<StartedJob> {
    const jobId = randomUUID();
    // Durable: if this replica dies, another re-runs the job under the same hold, so it carries no replica lease.
    const charge = await reserveCharge(credits, {
      tool,
      userId,
      requestId: jobId,
      leased: false,
      httpRequestId: requestId,
      apiKey,
    });
    let sourceKey: string | null = null;
    try {
      if (upload) {
        const ext = upload.mime.split('/')[1] === 'mpeg' ? 'mp3' : (upload.mime.split('/')[1] ?? 'bin');
        sourceKey = (
          await files.put({
            owner: userId,
            body: upload.bytes,
            contentType: upload.mime,
            ext,
            suffix: '.source',
          })
        ).key;
      }
      await runner.submit({ id: jobId, owner: userId, tool, input: input(sourceKey), charge: charge.ref });
    } catch (error) {
      if (sourceKey) await files.delete([sourceKey]).catch(() => undefined);
      await charge.release().catch(() => undefined);
      throw error;
    }
    return { jobId, tool, charge };
  }

  const clipOf = (row: ClipRow): AudioClip => {
    const fileName = voiceDownloadName(row.tool, row.created_at);
    return {
      id: row.id,
      tool: row.tool,
      createdAt: row.created_at.toISOString(),
      audioUrl: files.signedUrl(row.audio_key),
      downloadUrl: files.signedUrl(row.audio_key, { download: fileName }),
      fileName,
      sourceUrl: row.source_key ? files.signedUrl(row.source_key) : null,
      text: row.text,
      voiceId: row.voice_id,
      voiceName: row.voice_name,
      durationSeconds: row.duration_seconds,
      engine: row.engine,
    };
  };

  async function jobOf(record: JobRecord): Promise<VoiceJob> {
    const clip = record.status === 'succeeded' ? await clips.findByJob(record.id) : undefined;
    return {
      id: record.id,
      tool: record.tool as VoiceToolId,
      status: record.status,
      progress: record.progress,
      createdAt: record.createdAt.toISOString(),
      clip: clip ? clipOf(clip) : null,
      error: record.error,
    };
  }

  const requireAudioType = (audio: AudioInput) => {
    if (!provider && !(LOCAL_ISOLATION_TYPES as readonly string[]).includes(audio.mime)) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.voice.localFormats, {
        details: { field: 'audioFile' },
      });
    }
  };

  return {
    status() {
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
    },

    async textToSpeech(member, { text, voiceId }, requestId) {
      const voice = await voices.resolve(voiceId);
      return start(member, requestId, 'text-to-speech', () => ({
        tool: 'text-to-speech',
        engine,
        text,
        voice,
      }));
    },

    async soundEffects(member, { prompt, durationSeconds }, requestId) {
      needProvider('sound-effects');
      return start(member, requestId, 'sound-effects', () => ({
        tool: 'sound-effects',
        engine,
        prompt,
        ...(durationSeconds !== undefined ? { durationSeconds } : {}),
      }));
    },

    async voiceIsolator(member, audio, requestId) {
      requireAudioType(audio);
      return start(
        member,
        requestId,
        'voice-isolator',
        (sourceKey) => ({ tool: 'voice-isolator', engine, sourceKey: sourceKey!, mime: audio.mime }),
        audio,
      );
    },

    async speechToSpeech(member, { audio, voiceId }, requestId) {
      needProvider('speech-to-speech');
      const voice = await voices.resolve(voiceId);
      return start(
        member,
        requestId,
        'speech-to-speech',
        (sourceKey) => ({ tool: 'speech-to-speech', engine, sourceKey: sourceKey!, mime: audio.mime, voice }),
        audio,
      );
    },

    async follow({ jobId, charge }, { onProgress, signal } = {}) {
      const outcome = await runner.wait<JobInput, JobResult>(jobId, {
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      });
      if (outcome.status === 'failed') {
        throw new AppError(codeOf(outcome.errorCode), outcome.error ?? ERROR_TEXTS.audio.processAudioRetry, {
          details:
            outcome.remainingCredits !== undefined ? { remainingCredits: outcome.remainingCredits } : {},
        });
      }
      const row = await clips.findByJob(jobId);
      if (!row) throw new Error(`job ${jobId} succeeded without a clip`);
      const clip = clipOf(row);
      return { audioUrl: clip.audioUrl, clip, remainingCredits: charge.remainingCredits };
    },

    clipOf,

    async job(userId, id) {
      const record = await runner.get(id).catch(() => undefined);
      if (!record || record.owner !== userId) {
        throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.voice.jobNotFound);
      }
      return jobOf(record);
    },

    async activeJobs(userId, tool) {
      return Promise.all((await runner.listActive(userId, tool)).map(jobOf));
    },

    runner,
  };
}
