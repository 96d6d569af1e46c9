// The youtube service's providers, built once at start from its config (startService's providers step): one routed
// YouTube fetch under the player adapter (youtubei.js) and the caption-track adapter, and the summary provider when
// an OpenAI-compatible key is set.
import type { ProviderContext } from '@act/service-kit';
import type { YoutubeConfig } from '../config';
import { createSummaryProvider } from './select-provider';
import type { SummaryProvider } from './summary-provider';
import type { TranscriptSource, VideoInfoSource } from './types';
import { createYoutubeFetch, type FetchLike } from './youtube-fetch';
import { createYoutubeiAdapter } from './youtubei-adapter';
import { createYoutubeTranscriptAdapter } from './youtube-transcript-adapter';

export interface YoutubeProviders {
  /** The routed YouTube fetch (thumbnail checks and downloads). */
  fetch: FetchLike;
  /** Video info from the player (youtubei.js). */
  info: VideoInfoSource;
  /** Ways to a transcript, tried in order. */
  transcripts: TranscriptSource[];
  /** Absent without a provider key: summaries and chapters are made locally. */
  summary: SummaryProvider | undefined;
}

export function providersOf({ config, logger }: ProviderContext<YoutubeConfig>): YoutubeProviders {
  const fetch = createYoutubeFetch({
    timeoutMs: config.YOUTUBE_TIMEOUT_MS,
    ...(config.YOUTUBE_BASE_URL ? { youtubeBaseUrl: config.YOUTUBE_BASE_URL } : {}),
    ...(config.YOUTUBE_THUMBNAIL_BASE_URL ? { thumbnailBaseUrl: config.YOUTUBE_THUMBNAIL_BASE_URL } : {}),
  });
  const youtubei = createYoutubeiAdapter({ fetch });
  const summary = createSummaryProvider(config);
  if (!summary) {
    logger.warn(
      'no OPENAI_API_KEY: summaries and chapters are made locally, and questions about a video answer 503',
    );
  }
  return {
    fetch,
    info: youtubei,
    transcripts: [youtubei, createYoutubeTranscriptAdapter({ fetch })],
    summary,
  };
}
