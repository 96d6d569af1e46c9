// Entry point of the chat service: its database (migrated), the object store, the provider, NATS (credits, Stop)
// and the outbox, through the kit's startService; on SIGTERM no new reply starts and those in flight finish
// (SHUTDOWN_GRACE_MS covers the longest) before the outbox, NATS and the database close.
import { createRateLimitStore, openAiKeyOf, startService, storingToolAppDeps } from '@act/service-kit';
import { ERROR_TEXTS } from '@act/contracts';
import { createApp } from './app';
import { chatModelsOf, deepSearchLimitsOf, loadChatConfig, searchProviderOf } from './config';
import { createChatStore } from './db/chat-store';
import { migrateChatDatabase } from './db/migrate';
import { createOpenAiChatProvider } from './providers/openai-provider';

/** A reply still streaming this long after it began has lost its replica (the reply limit plus a margin). */
const ABANDONED_MARGIN_MS = 60_000;

startService({
  name: 'chat',
  loadConfig: loadChatConfig,
  migrate: migrateChatDatabase,
  outbox: true,
  providers: ({ config, logger }) => {
    const apiKey = openAiKeyOf(config);
    const provider = apiKey
      ? createOpenAiChatProvider({
          apiKey,
          baseUrl: config.OPENAI_BASE_URL,
          timeoutMs: config.CHAT_REPLY_MAX_MS,
          maxOutputTokens: config.CHAT_MAX_OUTPUT_TOKENS,
          appUrl: config.PUBLIC_APP_URL,
        })
      : undefined;
    if (!provider) {
      logger.warn(
        'no OPENAI_API_KEY: chat answers 503 until a provider key is configured (the web chat answers locally)',
      );
    }
    if (config.WEB_FETCH_ALLOW_LOOPBACK)
      logger.warn('WEB_FETCH_ALLOW_LOOPBACK: the web chat reads loopback pages');
    const search = searchProviderOf(config);
    if (!search) logger.warn('no SEARXNG_URL or BRAVE_SEARCH_API_KEY: Deep Search answers 503');
    return { chat: provider, search };
  },
  periodicJobs: ({ config, sql, logger }) => {
    const store = createChatStore(sql);
    return [
      {
        name: 'abandoned chat replies',
        intervalMs: 60_000,
        run: async () => {
          const closed = await store.closeAbandonedReplies(
            config.CHAT_REPLY_MAX_MS + ABANDONED_MARGIN_MS,
            ERROR_TEXTS.chat.sendMessageDot,
          );
          if (closed > 0) logger.warn({ closed }, 'closed replies whose replica stopped mid-reply');
        },
      },
    ];
  },
  createApp: (context) => {
    const { config } = context;
    const rateLimits = createRateLimitStore({ redisUrl: config.REDIS_URL });
    context.onClose(() => rateLimits.close());
    return createApp({
      ...storingToolAppDeps(context),
      nc: context.nc,
      namespace: config.NATS_NAMESPACE,
      provider: context.providers.chat,
      models: chatModelsOf(config),
      pdfInput: config.CHAT_PDF_INPUT,
      webFetch: { allowLoopback: config.WEB_FETCH_ALLOW_LOOPBACK },
      deepSearch: { search: context.providers.search, limits: deepSearchLimitsOf(config) },
      replyMaxMs: config.CHAT_REPLY_MAX_MS,
      persistIntervalMs: config.CHAT_PERSIST_INTERVAL_MS,
      shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
      rateLimits,
    });
  },
  ready: ({ providers }) => [
    { provider: providers.chat?.name ?? 'none', search: providers.search?.name ?? 'none' },
    'chat ready',
  ],
});
