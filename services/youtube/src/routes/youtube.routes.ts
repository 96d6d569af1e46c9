// HTTP edges of the YouTube tools (docs/product-rules.md#endpoints), mounted from their contracts definitions: the
// summarizer (members, 4 credits; JSON or, with Accept: text/event-stream, a streamed summary), the thumbnail list
// (free, members and guests), the thumbnail download (a same-origin `.jpg` attachment fetched only from
// i.ytimg.com), the transcript (free, members; JSON lines or a `.txt` / `.srt` attachment), and the member's saved
// summaries with their questions (docs/product-rules.md#youtube-ask: 2 credits a question, free when it fails), listed
// and deleted (docs/product-rules.md#youtube-past-summaries).
import { ERROR_TEXTS, YOUTUBE_ENDPOINTS, parseYoutubeVideoId } from '@act/contracts';
import {
  MEMBER_DATA_CACHE,
  Router,
  mountEndpoint,
  sendDownload,
  type JwtVerifier,
  type Logger,
} from '@act/service-kit';
import type { Summarizer } from '../domain/summarizer';
import type { SummaryHistory } from '../domain/summary-library';
import type { ThumbnailService } from '../domain/thumbnails';
import { readTranscript, transcriptFile } from '../domain/transcript-files';
import type { VideoQuestions } from '../domain/video-questions';
import type { VideoReader } from '../domain/video-reader';
import type { YoutubeTools } from '../domain/youtube-tools';

export interface YoutubeRoutesDeps {
  verifier: JwtVerifier;
  tools: YoutubeTools;
  summarizer: Summarizer;
  thumbnails: ThumbnailService;
  reader: VideoReader;
  questions: VideoQuestions;
  history: SummaryHistory;
  logger: Logger;
}

/** The contracts schema already checked the link; this only takes its id out. */
function videoIdOf(videoUrl: string): string {
  const id = parseYoutubeVideoId(videoUrl);
  if (!id) throw new Error('a validated YouTube link without a video id');
  return id;
}

export function createYoutubeRouter({
  verifier,
  tools,
  summarizer,
  thumbnails,
  reader,
  questions,
  history,
  logger,
}: YoutubeRoutesDeps): Router {
  const router = new Router();
  const E = YOUTUBE_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.summarize, options, async (input, call) => {
    const { signal, respond } = call;
    const videoId = videoIdOf(input.videoUrl);
    // Refusals before any work (insufficient credits) are plain JSON errors, whichever reply was asked for.
    const charge = await summarizer.reserve(call);
    return respond({
      run: (emit) =>
        summarizer.summarize(charge, videoId, {
          emit,
          signal,
          language: input.language,
          videoUrl: input.videoUrl,
        }),
      reply: (summary) => summary,
      failed: ERROR_TEXTS.youtube.summarizeVideo,
    });
  });

  mountEndpoint(router, E.askVideo, options, async (input, call) =>
    call.respond({
      run: () => questions.ask(call, call.params.id, input.question),
      reply: (answer) => answer,
      failed: ERROR_TEXTS.youtube.askFailed,
    }),
  );

  mountEndpoint(router, E.session, options, async (_input, { caller, params }) => ({
    session: await questions.session(caller.userId, params.id),
  }));

  mountEndpoint(router, E.summaries, options, async (input, { caller }) => {
    const page = await history.list(caller.userId, input.cursor, input.limit);
    return { summaries: page.items, nextCursor: page.nextCursor };
  });

  mountEndpoint(router, E.deleteSummary, options, async (_input, { caller, params }) => {
    await history.remove(caller.userId, params.id);
    return {};
  });

  mountEndpoint(router, E.thumbnails, options, async (input, call) => {
    const videoId = videoIdOf(input.videoUrl);
    return tools.thumbnails(call, videoId);
  });

  mountEndpoint(router, E.thumbnailDownload, options, async (input, { ctx }) => {
    const { body, fileName } = await thumbnails.download(input.videoId, input.size);
    sendDownload(ctx, { body, type: 'image/jpeg', fileName, cache: 'private, max-age=3600' });
    return undefined;
  });

  mountEndpoint(router, E.transcript, options, async (input, { ctx }) => {
    const transcript = await readTranscript(reader, videoIdOf(input.videoUrl), logger);
    if (input.format === 'json') return transcript;
    const file = transcriptFile(transcript, input.format);
    sendDownload(ctx, {
      body: file.body,
      type: file.contentType,
      fileName: file.fileName,
      cache: MEMBER_DATA_CACHE,
    });
    return undefined;
  });

  return router;
}
