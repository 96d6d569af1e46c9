// HTTP edges of the voice tools (docs/product-rules.md#endpoints), mounted from their contracts definitions: the four
// tools (members; JSON by default, progress events with Accept: text/event-stream), the voice list and previews, what
// this server can run (status), the member's audio history and jobs, and the stored files (signed URLs, Range
// requests).
import { ERROR_TEXTS, VOICE_ENDPOINTS, type VoiceStreamEvent } from '@act/contracts';
import { Router, mountEndpoint, sendDownload, type JwtVerifier } from '@act/service-kit';
import { mountFileRoute } from '@act/service-kit/files';
import { readAudioDataUrl } from '@act/service-kit/media';
import type { ClipStore } from '../db/clip-store';
import type { Dictation } from '../domain/transcribe';
import { deleteClip, type DeleteClipDeps } from '../domain/creations';
import type { StartedJob, ToolReply, VoiceTools } from '../domain/voice-tools';
import type { VoiceCatalogue } from '../domain/voices';

export interface VoiceRoutesDeps {
  verifier: JwtVerifier;
  tools: VoiceTools;
  voices: VoiceCatalogue;
  clips: ClipStore;
  dictation: Dictation;
  /** What deleting a clip needs (domain/creations.ts): the history's delete is the library's too. */
  deletes: DeleteClipDeps;
}

type JobReply<Field extends string> = { [K in Field]: string } & Omit<ToolReply, 'audioUrl'>;

/**
 * How a started job answers (through respond): as events when the browser asked for a stream (start, progress, then
 * done or error), else as the JSON reply once the job is done. Either way the job belongs to the server: if the
 * browser goes away, it still finishes, is saved and charged once, and shows in the history.
 */
function followJob<Field extends 'audioUrl' | 'isolatedAudioUrl'>(
  tools: VoiceTools,
  started: StartedJob,
  field: Field,
  signal: AbortSignal,
) {
  const fields = (reply: ToolReply) =>
    ({
      [field]: reply.audioUrl,
      clip: reply.clip,
      remainingCredits: reply.remainingCredits,
    }) as JobReply<Field>;
  return {
    run: (emit: (event: Exclude<VoiceStreamEvent, { type: 'done' | 'error' }>) => void) => {
      emit({ type: 'start', jobId: started.jobId, tool: started.tool });
      return tools.follow(started, {
        onProgress: (progress) => emit({ type: 'progress', progress }),
        signal,
      });
    },
    reply: fields,
    done: (reply: ToolReply) => ({ jobId: started.jobId, ...fields(reply) }),
    failed: ERROR_TEXTS.audio.processAudioRetry,
  };
}

export function createVoiceRouter({
  verifier,
  tools,
  voices,
  clips,
  dictation,
  deletes,
}: VoiceRoutesDeps): Router {
  const { files } = deletes;
  const router = new Router();
  const E = VOICE_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.textToSpeech, options, async (input, { caller, signal, respond, requestId }) =>
    respond(followJob(tools, await tools.textToSpeech(caller, input, requestId), 'audioUrl', signal)),
  );

  mountEndpoint(router, E.soundEffects, options, async (input, { caller, signal, respond, requestId }) => {
    const started = await tools.soundEffects(
      caller,
      {
        prompt: input.prompt,
        ...(input.durationSeconds !== undefined ? { durationSeconds: input.durationSeconds } : {}),
      },
      requestId,
    );
    return respond(followJob(tools, started, 'audioUrl', signal));
  });

  mountEndpoint(router, E.voiceIsolator, options, async (input, { caller, signal, respond, requestId }) => {
    const audio = await readAudioDataUrl(input.audioFile);
    const started = await tools.voiceIsolator(caller, audio, requestId);
    return respond(followJob(tools, started, 'isolatedAudioUrl', signal));
  });

  mountEndpoint(router, E.speechToSpeech, options, async (input, { caller, signal, respond, requestId }) => {
    const audio = await readAudioDataUrl(input.audioFile);
    const started = await tools.speechToSpeech(caller, { audio, voiceId: input.voiceId }, requestId);
    return respond(followJob(tools, started, 'audioUrl', signal));
  });

  mountEndpoint(router, E.voices, options, async () => ({
    voices: await voices.list(),
    engine: tools.status()['text-to-speech'].engine ?? 'local',
  }));

  mountEndpoint(router, E.voicePreview, {}, async (_input, { ctx, params: { voiceId } }) => {
    sendDownload(ctx, {
      body: await voices.preview(voiceId),
      type: 'audio/mpeg',
      cache: 'public, max-age=86400',
    });
    return undefined;
  });

  mountEndpoint(router, E.status, options, async () => ({
    tools: { ...tools.status(), transcribe: dictation.status() },
  }));

  // Dictation: 503 without a provider, the recording's checks, then the charged provider call (domain/transcribe.ts).
  mountEndpoint(router, E.transcribe, options, (input, call) => dictation.transcribe(call, input.audio));

  mountEndpoint(router, E.history, options, async (input, { caller }) => {
    const page = await clips.list(caller.userId, {
      limit: input.limit,
      ...(input.tool ? { tool: input.tool } : {}),
      ...(input.cursor ? { cursor: input.cursor } : {}),
    });
    return { items: page.items.map((row) => tools.clipOf(row)), nextCursor: page.nextCursor };
  });

  // The library's `?open=<id>`: the member's own clip, else 404 like one that never existed.
  mountEndpoint(router, E.clip, options, async (_input, { caller, params: { id } }) => ({
    clip: tools.clipOf(await clips.find(caller.userId, id)),
  }));

  mountEndpoint(router, E.deleteClip, options, async (_input, { caller, params: { id } }) => {
    await deleteClip(deletes, caller.userId, id);
    return {};
  });

  mountEndpoint(router, E.activeJobs, options, async (input, { caller }) => ({
    jobs: await tools.activeJobs(caller.userId, input.tool),
  }));

  mountEndpoint(router, E.job, options, async (_input, { caller, params: { id } }) => ({
    job: await tools.job(caller.userId, id),
  }));

  mountFileRoute(router, files);
  return router;
}
