// Entry point of the youtube service: the YouTube adapters and the summary provider, its database (migrated: the
// members' saved summaries and their questions), NATS (credits) and the outbox, through the kit's startService.
import { startService, toolAppDeps } from '@act/service-kit';
import { createApp } from './app';
import { loadYoutubeConfig } from './config';
import { migrateYoutubeDatabase } from './db/migrate';
import { createSummaryProvider } from './providers/select-provider';
import { createYoutubeFetch } from './providers/youtube-fetch';
import { createYoutubeiAdapter } from './providers/youtubei-adapter';
import { createYoutubeTranscriptAdapter } from './providers/youtube-transcript-adapter';

startService({
  name: 'youtube',
  loadConfig: loadYoutubeConfig,
  migrate: migrateYoutubeDatabase,
  outbox: true,
  providers: ({ config, logger }) => {
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
  },
  createApp: (context) => {
    const { config, providers } = context;
    return createApp({
      ...toolAppDeps(context),
      sql: context.sql,
      outbox: context.outbox,
      info: providers.info,
      transcripts: providers.transcripts,
      provider: providers.summary,
      fetch: providers.fetch,
      transcriptCacheMs: config.TRANSCRIPT_CACHE_MS,
    });
  },
  ready: ({ providers }) => [{ provider: providers.summary?.name ?? 'local' }, 'youtube service ready'],
});
