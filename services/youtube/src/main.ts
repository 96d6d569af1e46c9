// Entry point of the youtube service: parse config, connect NATS, build the YouTube adapters and the summary
// provider, serve, shut down gracefully.
import { connectToolService, createLogger, runService, serveFromConfig } from '@act/service-kit';
import { createApp } from './app';
import { loadYoutubeConfig } from './config';
import { createSummaryProvider } from './providers/select-provider';
import { createYoutubeFetch } from './providers/youtube-fetch';
import { createYoutubeiAdapter } from './providers/youtubei-adapter';
import { createYoutubeTranscriptAdapter } from './providers/youtube-transcript-adapter';

async function main(): Promise<void> {
  const config = loadYoutubeConfig();
  const logger = createLogger({ name: 'youtube', level: config.LOG_LEVEL });
  const fetch = createYoutubeFetch({
    timeoutMs: config.YOUTUBE_TIMEOUT_MS,
    ...(config.YOUTUBE_BASE_URL ? { youtubeBaseUrl: config.YOUTUBE_BASE_URL } : {}),
    ...(config.YOUTUBE_THUMBNAIL_BASE_URL ? { thumbnailBaseUrl: config.YOUTUBE_THUMBNAIL_BASE_URL } : {}),
  });
  const youtubei = createYoutubeiAdapter({ fetch });
  const provider = createSummaryProvider(config);
  const { credits, verifier, close } = await connectToolService('youtube', config, logger);

  const app = createApp({
    logger,
    verifier,
    credits,
    info: youtubei,
    transcripts: [youtubei, createYoutubeTranscriptAdapter({ fetch })],
    provider,
    fetch,
    transcriptCacheMs: config.TRANSCRIPT_CACHE_MS,
  });
  await serveFromConfig(app, config, logger, [close]);
  logger.info({ provider: provider?.name ?? 'local' }, 'youtube service ready');
}

runService('youtube', main);
