// The chat service's Koa app, built from its dependencies so tests run the real routes over HTTP (two apps on one
// NATS namespace are two replicas).
import { natsNames } from '@act/contracts/server';
import {
  awaitSharedCounters,
  creationAnnouncer,
  createRateLimitStore,
  createServiceHttpApp,
  storingToolAppDeps,
  type CreationOwner,
  type HttpApp,
  type NatsConnection,
  type RateLimitStore,
  type ServiceApp,
  type ServiceContext,
  type StoringToolAppDeps,
} from '@act/service-kit';
import { chatModelsOf, deepSearchLimitsOf, type ChatConfig, type ChatModels } from './config';
import { createChatStore } from './db/chat-store';
import { createPromptsStore } from './db/prompts-store';
import { startChatLibrary } from './library';
import { createShareStore } from './db/share-store';
import { createChatReplies } from './domain/chat-replies';
import { createCopyLimits } from './domain/copy-limits';
import { createGenerationRegistry, type GenerationRegistry } from './domain/generations';
import { createPreparation, type PdfInputMode } from './domain/prepare';
import { startChatStops, type ChatStops } from './domain/stops';
import type { ChatProviders } from './providers';
import type { ChatProvider } from './providers/types';
import { createChatRouter } from './routes/chat.routes';
import { createPromptsRouter } from './routes/prompts.routes';
import { createShareRouter } from './routes/share.routes';
import type { DeepSearchLimits } from './deep-search/research';
import type { SearchProvider } from './deep-search/search-provider';
import type { PageFetchOptions } from './web/page-reader';

/** `files`: chat agent attachments (and the route that serves them through signed URLs). */
export interface ChatAppDeps extends StoringToolAppDeps {
  nc: NatsConnection;
  namespace?: string;
  /** Absent without a provider key: chat says so (status, 503) and reserves nothing. */
  provider: ChatProvider | undefined;
  models: ChatModels;
  /** How PDF attachments reach the model (default: file parts). */
  pdfInput?: PdfInputMode;
  /** The web chat's page fetching: loopback (tests and e2e only) and the resolver (tests). */
  webFetch?: PageFetchOptions;
  /** Deep Search's search provider (absent: it answers 503) and bounds; its pages are read with `webFetch`. */
  deepSearch?: { search: SearchProvider | undefined; limits: DeepSearchLimits };
  replyMaxMs: number;
  persistIntervalMs: number;
  /** How long a stopping replica lets its replies run (SHUTDOWN_GRACE_MS) before it stops them. */
  shutdownGraceMs: number;
  /** The per-member limits' counters (share links, continued comparisons): Redis when REDIS_URL is set. */
  rateLimits: RateLimitStore;
}

export interface ChatApp extends ServiceApp {
  app: HttpApp;
  registry: GenerationRegistry;
  stops: ChatStops;
  /**
   * Stops taking replies and waits for those in flight (stopped once the grace is over), then ends the stop
   * subscription. Starts when the server begins to drain; startService awaits it before the outbox closes.
   */
  drain(): Promise<void>;
  /** Starts its side of the member's library (library.ts); main.ts awaits it before serving. */
  startLibrary(): Promise<CreationOwner>;
}

export function createApp(deps: ChatAppDeps): ChatApp {
  const { logger, sql, nc } = deps;
  const store = createChatStore(sql);
  const registry = createGenerationRegistry();
  const search = deps.deepSearch?.search;
  const stops = startChatStops({ nc, namespace: deps.namespace, store, registry, logger });
  const names = natsNames(deps.namespace);
  const creations = creationAnnouncer(deps.outbox, names, 'chat');
  const replies = createChatReplies({
    store,
    credits: deps.credits,
    outbox: deps.outbox,
    creations,
    provider: deps.provider,
    models: deps.models,
    registry,
    logger,
    replyMaxMs: deps.replyMaxMs,
    persistIntervalMs: deps.persistIntervalMs,
    ...(search && deps.deepSearch
      ? {
          deepSearch: {
            search,
            model: deps.models.deepSearch,
            limits: deps.deepSearch.limits,
            webFetch: deps.webFetch ?? {},
          },
        }
      : {}),
  });
  const available = deps.provider !== undefined;
  const prepare = createPreparation({
    store,
    files: deps.files,
    models: deps.models,
    pdfInput: deps.pdfInput ?? 'file',
    webFetch: deps.webFetch ?? {},
    available,
    logger,
  });
  const copies = createCopyLimits({ sql, rateLimits: deps.rateLimits });
  const app = createServiceHttpApp('chat', deps, [
    createChatRouter({
      verifier: deps.verifier,
      store,
      replies,
      stops,
      available,
      deepSearch: { model: deps.models.deepSearch, search: search !== undefined },
      files: deps.files,
      prepare,
      logger,
      followIntervalMs: deps.persistIntervalMs,
      models: deps.models,
      copies,
      creations,
    }),
    createShareRouter({
      verifier: deps.verifier,
      shares: createShareStore(sql, store),
      files: deps.files,
      copies,
    }),
    createPromptsRouter({ verifier: deps.verifier, prompts: createPromptsStore(sql) }),
  ]);

  let drained: Promise<void> | undefined;
  const drain = () => {
    drained ??= (async () => {
      await registry.drain(deps.shutdownGraceMs);
      await stops.close();
    })();
    return drained;
  };
  // A deploy: readiness fails and no new reply starts from the moment the server begins to drain, while the replies
  // in flight (detached ones too) go on; Stop keeps working meanwhile.
  app.onDraining(() => void drain());

  const startLibrary = () =>
    startChatLibrary({ ...deps, names, creations, store, stops, files: deps.files, logger });
  return { app, registry, stops, drain, startLibrary };
}

/** The app as main.ts starts it: its settings read from the config, the providers from the providers step. */
export async function chatAppOf(context: ServiceContext<ChatConfig, ChatProviders, true>): Promise<ChatApp> {
  const { config, providers } = context;
  const rateLimits = createRateLimitStore({ redisUrl: config.REDIS_URL });
  context.onClose(() => rateLimits.close());
  await awaitSharedCounters(rateLimits, context.logger);
  const chat = createApp({
    ...storingToolAppDeps(context),
    nc: context.nc,
    namespace: config.NATS_NAMESPACE,
    provider: providers.chat,
    models: chatModelsOf(config),
    pdfInput: config.CHAT_PDF_INPUT,
    webFetch: { allowLoopback: config.WEB_FETCH_ALLOW_LOOPBACK },
    deepSearch: { search: providers.search, limits: deepSearchLimitsOf(config) },
    replyMaxMs: config.CHAT_REPLY_MAX_MS,
    persistIntervalMs: config.CHAT_PERSIST_INTERVAL_MS,
    shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    rateLimits,
  });
  // Its side of the member's library: the CREATIONS stream, the backfill, the answers to delete requests.
  await chat.startLibrary();
  return chat;
}
