// The four voice tools as charged jobs (members only): check everything that can be checked first (text, voice id,
// the upload's bytes and length, whether this server can run the tool at all), hold the credits, store an uploaded
// original, then hand the work to the jobs runner. The job makes the audio (ElevenLabs, or eSpeak NG / RNNoise
// locally), stores it and, in one transaction, writes the history row and commits the charge; a failure is refunded.
// The work belongs to the server: a member who closes the tab still gets the result in the history, charged once.
import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  ERROR_TEXTS,
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
  reserveCharge,
  type CreditsClient,
  type JobRecord,
  type Logger,
  type Outbox,
  type Sql,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { AudioInput } from '@act/service-kit/media';
import type { LocalEngine } from '../engines/local-engine';
import type { VoiceProvider } from '../providers/voice-provider';
import type { ClipRow, ClipStore } from '../db/clip-store';
import type { FollowOptions, JobMember, StartedJob, ToolReply, VoiceTools } from './voice-tools-api';
import { needProvider, voiceJobHandlers, type JobInput, type JobResult } from './voice-jobs';
import { requireIsolatableAudio, voiceToolStatus } from './voice-status';
import type { VoiceCatalogue } from './voices';

export type { FollowOptions, JobMember, StartedJob, ToolReply, VoiceTools };

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

  const runner = createJobRunner({
    sql: deps.sql,
    credits,
    outbox: deps.outbox,
    logger,
    handlers: voiceJobHandlers({ files, clips, provider, local, logger }),
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

  return {
    status: () => voiceToolStatus(provider),

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
      needProvider(provider, 'sound-effects');
      return start(member, requestId, 'sound-effects', () => ({
        tool: 'sound-effects',
        engine,
        prompt,
        ...(durationSeconds !== undefined ? { durationSeconds } : {}),
      }));
    },

    async voiceIsolator(member, audio, requestId) {
      requireIsolatableAudio(provider, audio);
      return start(
        member,
        requestId,
        'voice-isolator',
        (sourceKey) => ({ tool: 'voice-isolator', engine, sourceKey: sourceKey!, mime: audio.mime }),
        audio,
      );
    },

    async speechToSpeech(member, { audio, voiceId }, requestId) {
      needProvider(provider, 'speech-to-speech');
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
