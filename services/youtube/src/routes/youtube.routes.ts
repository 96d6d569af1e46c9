// HTTP edges of the YouTube tools (docs/product-rules.md#endpoints), mounted from their contracts definitions: the
// summarizer (members, 4 credits; JSON or, with Accept: text/event-stream, a streamed summary), the thumbnail list
// (free, members and guests) and the thumbnail download (a same-origin `.jpg` attachment fetched only from
// i.ytimg.com).
import type { Context } from 'koa';
import { YOUTUBE_ENDPOINTS, parseYoutubeVideoId } from '@act/contracts';
import {
  Router,
  clientIp,
  mountEndpoint,
  openEventStream,
  requestSignal,
  userOf,
  wantsEventStream,
  type JwtVerifier,
} from '@act/service-kit';
import type { Caller, Summarizer } from '../domain/summarizer';
import type { ThumbnailService } from '../domain/thumbnails';
import type { YoutubeTools } from '../domain/youtube-tools';

export interface YoutubeRoutesDeps {
  verifier: JwtVerifier;
  tools: YoutubeTools;
  summarizer: Summarizer;
  thumbnails: ThumbnailService;
}

function callerOf(ctx: Context): Caller {
  const user = userOf(ctx);
  const signal = requestSignal(ctx);
  return user ? { userId: user.userId, signal } : { guestIp: clientIp(ctx), signal };
}

/** The contracts schema already checked the link; this only takes its id out. */
function videoIdOf(videoUrl: string): string {
  const id = parseYoutubeVideoId(videoUrl);
  if (!id) throw new Error('a validated YouTube link without a video id');
  return id;
}

export function createYoutubeRouter({ verifier, tools, summarizer, thumbnails }: YoutubeRoutesDeps): Router {
  const router = new Router();
  const E = YOUTUBE_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.summarize, options, async (input, ctx) => {
    const videoId = videoIdOf(input.videoUrl);
    if (wantsEventStream(ctx)) {
      // Refusals before any work (insufficient credits) are plain JSON errors; once open, failures are error events.
      const charge = await summarizer.reserve(callerOf(ctx));
      const stream = openEventStream(ctx);
      await summarizer.stream(charge, videoId, stream, input.language);
      stream.end();
      return undefined;
    }
    return summarizer.summarize(callerOf(ctx), videoId, input.language);
  });

  mountEndpoint(router, E.thumbnails, options, async (input, ctx) => {
    const videoId = videoIdOf(input.videoUrl);
    return tools.thumbnails(callerOf(ctx), videoId);
  });

  mountEndpoint(router, E.thumbnailDownload, options, async (input, ctx) => {
    const { body, fileName } = await thumbnails.download(input.videoId, input.size);
    ctx.set('content-type', 'image/jpeg');
    ctx.set('content-disposition', `attachment; filename="${fileName}"`);
    ctx.set('cache-control', 'private, max-age=3600');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.body = body;
    return undefined;
  });

  return router;
}
