// The thumbnail lookup as a tool use: free, so a guest's call never goes through credits (a guest's one free try a
// day is for charged tools); a member's is recorded with credits (cost 0) and answers with the balance.
import { runChargedTool, type CreditsClient } from '@act/service-kit';
import type { Thumbnail } from '@act/contracts';
import type { Caller } from './summarizer';
import type { ThumbnailService } from './thumbnails';

export interface YoutubeTools {
  thumbnails(
    caller: Caller,
    videoId: string,
  ): Promise<{ videoId: string; thumbnails: Thumbnail[]; remainingCredits: number | null }>;
}

export function createYoutubeTools({
  credits,
  thumbnails,
}: {
  credits: CreditsClient;
  thumbnails: ThumbnailService;
}): YoutubeTools {
  return {
    async thumbnails(caller, videoId) {
      if (!caller.userId) {
        return { videoId, thumbnails: await thumbnails.list(videoId), remainingCredits: null };
      }
      const { result, remainingCredits } = await runChargedTool(
        credits,
        {
          tool: 'youtube-thumbnail-downloader',
          userId: caller.userId,
          httpRequestId: caller.requestId,
          apiKey: caller.apiKey,
        },
        () => thumbnails.list(videoId),
        caller.signal ? { signal: caller.signal } : {},
      );
      return { videoId, thumbnails: result, remainingCredits };
    },
  };
}
