// The thumbnail lookup as a tool use: free, so a guest's call never goes through credits (a guest's one free try a
// day is for charged tools); a member's is recorded with credits (cost 0) and answers with the balance.
import { payerOf, runChargedTool, type ChargedCall, type CreditsClient } from '@act/service-kit';
import type { Thumbnail } from '@act/contracts';
import type { ThumbnailService } from './thumbnails';

export interface YoutubeTools {
  thumbnails(
    call: ChargedCall,
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
    async thumbnails(call, videoId) {
      if (!call.caller.userId) {
        return { videoId, thumbnails: await thumbnails.list(videoId), remainingCredits: null };
      }
      const { result, remainingCredits } = await runChargedTool(
        credits,
        { tool: 'youtube-thumbnail-downloader', ...payerOf(call) },
        () => thumbnails.list(videoId),
        call.signal ? { signal: call.signal } : {},
      );
      return { videoId, thumbnails: result, remainingCredits };
    },
  };
}
