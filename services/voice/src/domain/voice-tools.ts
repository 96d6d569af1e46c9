// The four voice tools as charged jobs (members only): check everything that can be checked first (text, voice id,
// the upload's bytes and length, whether this server can run the tool at all), hold the credits, store an uploaded
// original, then hand the work to the kit's job runner. The job, on whichever replica holds it, makes the audio
// (ElevenLabs, or eSpeak NG / RNNoise locally), stores it and, in one transaction, writes the history row and commits
// the charge; a failure is refunded. The work belongs to the server: a member who closes the tab still gets the result
// in the history, charged once.
import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  ERROR_TEXTS,
  failureTextOf,
  VOICE_TOOL_ENDPOINTS,
  type ErrorCode as ErrorCodeValue,
  type VoiceEngine,
  type VoiceToolId,
} from '@act/contracts';
import {
  AppError,
  createJobRunner,
  ErrorCode,
  isAppError,
  isWorkTimeout,
  reserveCharge,
  type JobHandler,
  type JobRecord,
} from '@act/service-kit';
import { audioDurationSeconds, type AudioInput } from '@act/service-kit/media';
import { UnreadableAudioError } from '../engines/pcm';
import type { ProviderAudio } from '../providers/voice-provider';
import { clipCreation, clipOf, jobOf } from './creations';
import { needProvider, requireIsolatableAudio, voiceToolStatus } from './voice-status';
import type {
  JobInput,
  JobMember,
  JobResult,
  StartedJob,
  VoiceTools,
  VoiceToolsDeps,
} from './voice-tools-api';

export type * from './voice-tools-api';

const codeOf = (value: string | null): ErrorCodeValue =>
  ERROR_CODES.includes(value as ErrorCodeValue) ? (value as ErrorCodeValue) : ErrorCode.INTERNAL;

async function makeAudio(
  { files, provider, local }: Pick<VoiceToolsDeps, 'files' | 'provider' | 'local'>,
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

/**
 * One handler per tool (the kit's job runner runs them, on whichever replica holds the job): make the audio, store it,
 * and in the job's settling transaction write the history row; a failure deletes the upload and fails with the tool's
 * own text unless it is one of our refusals.
 */
function voiceJobHandlers(deps: VoiceToolsDeps): Record<VoiceToolId, JobHandler<JobInput, JobResult>> {
  const { files, clips, logger } = deps;
  const handlerFor = (tool: VoiceToolId): JobHandler<JobInput, JobResult> => ({
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
      const clip = await clips.insertIn(tx, {
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
      await deps.creations.created(tx, clipCreation(clip));
    },
    async onFailed(job) {
      // Nothing was made: the upload kept for the before/after switch goes too.
      if ('sourceKey' in job.input) await files.delete([job.input.sourceKey]);
    },
    failureOf(error) {
      // Only our own refusals keep their text; a provider's or engine's message never reaches the member, who reads
      // the tool's own failure text (its endpoint's, docs/product-rules.md#errors).
      if (isAppError(error)) return { message: error.message, code: error.code };
      if (error instanceof UnreadableAudioError) {
        return { message: ERROR_TEXTS.voice.audioUnreadable, code: ErrorCode.VALIDATION_FAILED };
      }
      if (isWorkTimeout(error)) logger.warn({ tool }, 'local voice work ran out of its time budget');
      return { message: failureTextOf(VOICE_TOOL_ENDPOINTS[tool]), code: ErrorCode.PROVIDER_FAILED };
    },
  });

  return {
    'text-to-speech': handlerFor('text-to-speech'),
    'sound-effects': handlerFor('sound-effects'),
    'voice-isolator': handlerFor('voice-isolator'),
    'speech-to-speech': handlerFor('speech-to-speech'),
  };
}

export function createVoiceTools(deps: VoiceToolsDeps): VoiceTools {
  const { credits, files, clips, voices, provider, logger } = deps;
  const engine: VoiceEngine = provider ? 'elevenlabs' : 'local';

  const runner = createJobRunner({
    sql: deps.sql,
    credits,
    outbox: deps.outbox,
    logger,
    handlers: voiceJobHandlers(deps),
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
        const [, subtype = 'bin'] = upload.mime.split('/');
        const ext = subtype === 'mpeg' ? 'mp3' : subtype;
        const file = { owner: userId, body: upload.bytes, contentType: upload.mime, ext, suffix: '.source' };
        sourceKey = (await files.put(file)).key;
      }
      await runner.submit({ id: jobId, owner: userId, tool, input: input(sourceKey), charge: charge.ref });
    } catch (error) {
      if (sourceKey) await files.delete([sourceKey]).catch(() => undefined);
      await charge.release().catch(() => undefined);
      throw error;
    }
    return { jobId, tool, charge };
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
      const clip = clipOf(files, row);
      return { audioUrl: clip.audioUrl, clip, remainingCredits: charge.remainingCredits };
    },

    clipOf: (row) => clipOf(files, row),

    async job(userId, id) {
      const record = await runner.get(id).catch(() => undefined);
      if (!record || record.owner !== userId) {
        throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.voice.jobNotFound);
      }
      return jobOf(files, clips, record);
    },

    async activeJobs(userId, tool) {
      return Promise.all(
        (await runner.listActive(userId, tool)).map((record) => jobOf(files, clips, record)),
      );
    },

    runner,
  };
}
