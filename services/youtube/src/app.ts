// The youtube service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import {
  createServiceHttpApp,
  toolAppDeps,
  type Outbox,
  type ServiceApp,
  type ServiceContext,
  type Sql,
  type ToolAppDeps,
} from '@act/service-kit';
import type { YoutubeConfig } from './config';
import { createSessionStore } from './db/session-store';
import { createSummarizer } from './domain/summarizer';
import { createThumbnailService } from './domain/thumbnails';
import { createVideoQuestions } from './domain/video-questions';
import { createVideoReader } from './domain/video-reader';
import { createYoutubeTools } from './domain/youtube-tools';
import type { YoutubeProviders } from './providers';
import type { SummaryProvider } from './providers/summary-provider';
import type { TranscriptSource, VideoInfoSource } from './providers/types';
import type { FetchLike } from './providers/youtube-fetch';
import { createYoutubeRouter } from './routes/youtube.routes';

export interface YoutubeAppDeps extends ToolAppDeps {
  /** The members' summaries (sessions) and their questions; their charges commit through the outbox. */
  sql: Sql;
  outbox: Outbox;
  /** Video info from the player (youtubei.js). */
  info: VideoInfoSource;
  /** Ways to a transcript, tried in order. */
  transcripts: TranscriptSource[];
  /** Absent without a provider key: summaries are made locally. */
  provider: SummaryProvider | undefined;
  /** The routed YouTube fetch (thumbnail checks and downloads). */
  fetch: FetchLike;
  transcriptCacheMs: number;
}

export function createApp(deps: YoutubeAppDeps): ServiceApp {
  const { logger, credits, outbox, provider } = deps;
  const store = createSessionStore(deps.sql);
  const thumbnails = createThumbnailService({ fetch: deps.fetch, logger });
  const reader = createVideoReader({
    info: deps.info,
    transcripts: deps.transcripts,
    logger,
    cacheMs: deps.transcriptCacheMs,
  });
  const router = createYoutubeRouter({
    verifier: deps.verifier,
    tools: createYoutubeTools({ credits: deps.credits, thumbnails }),
    summarizer: createSummarizer({ credits, store, outbox, reader, provider, logger }),
    thumbnails,
    reader,
    questions: createVideoQuestions({ store, credits, outbox, provider, logger }),
    logger,
  });
  return { app: createServiceHttpApp('youtube', deps, [router]) };
}

/** The app as main.ts starts it: its settings read from the config, the adapters from the providers step. */
export function youtubeAppOf(context: ServiceContext<YoutubeConfig, YoutubeProviders, true>): ServiceApp {
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
}
