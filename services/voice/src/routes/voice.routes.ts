// HTTP edges of the voice tools (docs/product-rules.md#endpoints), mounted from their contracts definitions: the four
// tools (members; JSON by default, progress events with Accept: text/event-stream), the voice list and previews, what
// this server can run (status), the member's audio history and jobs, and the stored files (signed URLs, Range
// requests).
import type { Context } from 'koa';
import { ERROR_TEXTS, VOICE_ENDPOINTS, type VoiceStreamEvent } from '@act/contracts';
import {
  ErrorCode,
  isAppError,
  mountEndpoint,
  openEventStream,
  requestSignal,
  Router,
  userOf,
  wantsEventStream,
  type JwtVerifier,
} from '@act/service-kit';
import { mountFileRoute, type ObjectStore } from '@act/service-kit/files';
import { readAudioDataUrl } from '@act/service-kit/media';
import type { ClipStore } from '../db/clip-store';
import type { StartedJob, ToolReply, VoiceTools } from '../domain/voice-tools';
import type { VoiceCatalogue } from '../domain/voices';

export interface VoiceRoutesDeps {
  verifier: JwtVerifier;
  tools: VoiceTools;
  voices: VoiceCatalogue;
  clips: ClipStore;
  files: ObjectStore;
}

function memberOf(ctx: Context): string {
  const user = userOf(ctx);
  // mountEndpoint lets only members reach these handlers.
  if (!user) throw new Error('a member endpoint reached without a member');
  return user.userId;
}

/**
 * Answers a started job: as events when the browser asked for a stream (start, progress, then done or error), else
 * as the JSON reply once the job is done. Either way the job belongs to the server: if the browser goes away, it
 * still finishes, is saved and charged once, and shows in the history.
 */
async function answer<Field extends 'audioUrl' | 'isolatedAudioUrl'>(
  ctx: Context,
  tools: VoiceTools,
  started: StartedJob,
  field: Field,
): Promise<({ [K in Field]: string } & Omit<ToolReply, 'audioUrl'>) | undefined> {
  if (!wantsEventStream(ctx)) {
    const reply = await tools.follow(started, { signal: requestSignal(ctx) });
    return { [field]: reply.audioUrl, clip: reply.clip, remainingCredits: reply.remainingCredits } as {
      [K in Field]: string;
    } & Omit<ToolReply, 'audioUrl'>;
  }
  const stream = openEventStream(ctx);
  const send = (event: VoiceStreamEvent) => stream.send(event);
  send({ type: 'start', jobId: started.jobId, tool: started.tool });
  try {
    const reply = await tools.follow(started, {
      onProgress: (progress) => send({ type: 'progress', progress }),
      signal: stream.signal,
    });
    send({
      type: 'done',
      jobId: started.jobId,
      [field]: reply.audioUrl,
      clip: reply.clip,
      remainingCredits: reply.remainingCredits,
    });
  } catch (error) {
    if (!stream.closed) {
      const known = isAppError(error);
      const remaining = known ? error.details.remainingCredits : undefined;
      send({
        type: 'error',
        error: known ? error.message : ERROR_TEXTS.audio.processAudioRetry,
        code: known ? error.code : ErrorCode.INTERNAL,
        ...(typeof remaining === 'number' || remaining === null ? { remainingCredits: remaining } : {}),
      });
    }
  }
  stream.end();
  return undefined;
}

export function createVoiceRouter({ verifier, tools, voices, clips, files }: VoiceRoutesDeps): Router {
  const router = new Router();
  const E = VOICE_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.textToSpeech, options, async (input, ctx) =>
    answer(ctx, tools, await tools.textToSpeech(memberOf(ctx), input), 'audioUrl'),
  );

  mountEndpoint(router, E.soundEffects, options, async (input, ctx) =>
    answer(
      ctx,
      tools,
      await tools.soundEffects(memberOf(ctx), {
        prompt: input.prompt,
        ...(input.durationSeconds !== undefined ? { durationSeconds: input.durationSeconds } : {}),
      }),
      'audioUrl',
    ),
  );

  mountEndpoint(router, E.voiceIsolator, options, async (input, ctx) => {
    const audio = await readAudioDataUrl(input.audioFile);
    return answer(ctx, tools, await tools.voiceIsolator(memberOf(ctx), audio), 'isolatedAudioUrl');
  });

  mountEndpoint(router, E.speechToSpeech, options, async (input, ctx) => {
    const audio = await readAudioDataUrl(input.audioFile);
    return answer(
      ctx,
      tools,
      await tools.speechToSpeech(memberOf(ctx), { audio, voiceId: input.voiceId }),
      'audioUrl',
    );
  });

  mountEndpoint(router, E.voices, options, async () => ({
    voices: await voices.list(),
    engine: tools.status()['text-to-speech'].engine ?? 'local',
  }));

  mountEndpoint(router, E.voicePreview, {}, async (_input, ctx, { voiceId }) => {
    const body = await voices.preview(voiceId);
    ctx.set('content-type', 'audio/mpeg');
    ctx.set('cache-control', 'public, max-age=86400');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.body = body;
    return undefined;
  });

  mountEndpoint(router, E.status, options, async () => ({ tools: tools.status() }));

  mountEndpoint(router, E.history, options, async (input, ctx) => {
    const page = await clips.list(memberOf(ctx), {
      limit: input.limit,
      ...(input.tool ? { tool: input.tool } : {}),
      ...(input.cursor ? { cursor: input.cursor } : {}),
    });
    return { items: page.items.map((row) => tools.clipOf(row)), next_cursor: page.nextCursor };
  });

  mountEndpoint(router, E.deleteClip, options, async (_input, ctx, { id }) => {
    const row = await clips.delete(memberOf(ctx), id);
    await files.delete([row.audio_key, ...(row.source_key ? [row.source_key] : [])]);
    return {};
  });

  mountEndpoint(router, E.activeJobs, options, async (input, ctx) => ({
    jobs: await tools.activeJobs(memberOf(ctx), input.tool),
  }));

  mountEndpoint(router, E.job, options, async (_input, ctx, { id }) => ({
    job: await tools.job(memberOf(ctx), id),
  }));

  mountFileRoute(router, files);
  return router;
}
