// Entry point of the youtube service: the YouTube adapters and the summary provider, NATS (credits), through the
// kit's startService. It keeps no data, so readiness checks nothing.
import { startService, toolAppDeps } from '@act/service-kit';
import { createApp } from './app';
import { loadYoutubeConfig } from './config';
import { createSummaryProvider } from './providers/select-provider';
import { createYoutubeFetch } from './providers/youtube-fetch';
import { createYoutubeiAdapter } from './providers/youtubei-adapter';
import { createYoutubeTranscriptAdapter } from './providers/youtube-transcript-adapter';

startService({
  name: 'youtube',
  loadConfig: loadYoutubeConfig,
  providers: ({ config }) => {
    const fetch = createYoutubeFetch({
      timeoutMs: config.YOUTUBE_TIMEOUT_MS,
      ...(config.YOUTUBE_BASE_URL ? { youtubeBaseUrl: config.YOUTUBE_BASE_URL } : {}),
      ...(config.YOUTUBE_THUMBNAIL_BASE_URL ? { thumbnailBaseUrl: config.YOUTUBE_THUMBNAIL_BASE_URL } : {}),
    });
    const youtubei = createYoutubeiAdapter({ fetch });
    return {
      fetch,
      info: youtubei,
      transcripts: [youtubei, createYoutubeTranscriptAdapter({ fetch })],
      summary: createSummaryProvider(config),
    };
  },
  createApp: (context) => {
    const { config, providers } = context;
    return createApp({
      ...toolAppDeps(context),
      info: providers.info,
      transcripts: providers.transcripts,
      provider: providers.summary,
      fetch: providers.fetch,
      transcriptCacheMs: config.TRANSCRIPT_CACHE_MS,
    });
  },
  ready: ({ providers }) => [{ provider: providers.summary?.name ?? 'local' }, 'youtube service ready'],
});
