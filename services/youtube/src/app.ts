// The youtube service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import { natsNames, type NatsNames } from '@act/contracts/server';
import {
  createServiceHttpApp,
  creationAnnouncer,
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
import { createSummaryHistory, type SummaryHistory } from './domain/summary-library';
import { createThumbnailService } from './domain/thumbnails';
import { createVideoQuestions } from './domain/video-questions';
import { createVideoReader } from './domain/video-reader';
import { createYoutubeTools } from './domain/youtube-tools';
import { startYoutubeLibrary } from './library';
import type { YoutubeProviders } from './providers';
import type { SummaryProvider } from './providers/summary-provider';
import type { TranscriptSource, VideoInfoSource } from './providers/types';
import type { FetchLike } from './providers/youtube-fetch';
import { createYoutubeRouter } from './routes/youtube.routes';

export interface YoutubeAppDeps extends ToolAppDeps {
  /** The members' summaries (sessions) and their questions; their charges commit through the outbox. */
  sql: Sql;
  outbox: Outbox;
  /** The subjects of the library's events (NATS_NAMESPACE). */
  names: NatsNames;
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

export interface YoutubeApp extends ServiceApp {
  /** The past summaries' list and delete (what the library's delete requests are answered with). */
  history: SummaryHistory;
}

export function createApp(deps: YoutubeAppDeps): YoutubeApp {
  const { logger, credits, outbox, provider, names } = deps;
  const store = createSessionStore(deps.sql);
  const creations = creationAnnouncer(outbox, names, 'youtube');
  const history = createSummaryHistory({ store, creations });
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
    summarizer: createSummarizer({ credits, store, outbox, creations, reader, provider, logger }),
    thumbnails,
    reader,
    questions: createVideoQuestions({ store, credits, outbox, provider, logger }),
    history,
    logger,
  });
  return { app: createServiceHttpApp('youtube', deps, [router]), history };
}

/**
 * The app as main.ts starts it: its settings read from the config, the adapters from the providers step. Before it
 * serves, its side of the member's library (library.ts): the CREATIONS stream (so the outbox can publish the
 * library's events), the one-time backfill of the summaries saved before, and the answers to delete requests.
 */
export async function youtubeAppOf(
  context: ServiceContext<YoutubeConfig, YoutubeProviders, true>,
): Promise<ServiceApp> {
  const { config, providers, sql, outbox, nc, logger } = context;
  const names = natsNames(config.NATS_NAMESPACE);
  const service = createApp({
    ...toolAppDeps(context),
    sql,
    outbox,
    names,
    info: providers.info,
    transcripts: providers.transcripts,
    provider: providers.summary,
    fetch: providers.fetch,
    transcriptCacheMs: config.TRANSCRIPT_CACHE_MS,
  });
  const library = await startYoutubeLibrary({ nc, sql, outbox, names, logger, history: service.history });
  return {
    app: service.app,
    drain: async () => {
      await library.stop();
      await service.drain?.();
    },
  };
}
