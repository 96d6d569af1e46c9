// Entry point of the chat service: parse config, migrate its database, connect NATS (credits, Stop) and the
// provider, serve; on SIGTERM take no new replies and let those in flight finish (SHUTDOWN_GRACE_MS covers the
// longest), then close the outbox, NATS and the database.
import {
  connectDatabase,
  connectToolService,
  createLogger,
  openAiKeyOf,
  runService,
  serveFromConfig,
  startOutboxRelay,
  startPeriodicJob,
} from '@act/service-kit';
import { ERROR_TEXTS } from '@act/contracts';
import { createObjectStore } from '@act/service-kit/files';
import { createApp } from './app';
import { chatModelsOf, loadChatConfig } from './config';
import { createChatStore } from './db/chat-store';
import { migrateChatDatabase } from './db/migrate';
import { createOpenAiChatProvider } from './providers/openai-provider';

/** A reply still streaming this long after it began has lost its replica (the reply limit plus a margin). */
const ABANDONED_MARGIN_MS = 60_000;

async function main(): Promise<void> {
  const config = loadChatConfig();
  const logger = createLogger({ name: 'chat', level: config.LOG_LEVEL });
  const sql = connectDatabase(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
  const applied = await migrateChatDatabase(sql);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');

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

  const { nc, credits, verifier, close } = await connectToolService('chat', config, logger);
  const outbox = startOutboxRelay({ sql, js: nc.jetstream(), logger });

  const store = createChatStore(sql);
  const abandoned = startPeriodicJob({
    name: 'abandoned chat replies',
    intervalMs: 60_000,
    logger,
    run: async () => {
      const closed = await store.closeAbandonedReplies(
        config.CHAT_REPLY_MAX_MS + ABANDONED_MARGIN_MS,
        ERROR_TEXTS.chat.sendMessageDot,
      );
      if (closed > 0) logger.warn({ closed }, 'closed replies whose replica stopped mid-reply');
    },
  });

  const chat = createApp({
    logger,
    verifier,
    credits,
    sql,
    outbox,
    nc,
    namespace: config.NATS_NAMESPACE,
    provider,
    models: chatModelsOf(config),
    files: createObjectStore(config, { service: 'chat' }),
    pdfInput: config.CHAT_PDF_INPUT,
    webFetch: { allowLoopback: config.WEB_FETCH_ALLOW_LOOPBACK },
    replyMaxMs: config.CHAT_REPLY_MAX_MS,
    persistIntervalMs: config.CHAT_PERSIST_INTERVAL_MS,
    shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    readiness: {
      database: async () => {
        await sql`select 1`;
      },
    },
  });
  await serveFromConfig(chat.app, config, logger, [
    // Replies running without a client (the member closed the tab) finish and are saved before anything closes.
    () => chat.drain(),
    () => abandoned.stop(),
    () => outbox.publishPending(),
    () => outbox.stop(),
    close,
    () => sql.end({ timeout: 5 }),
  ]);
  logger.info({ provider: provider?.name ?? 'none' }, 'chat ready');
}

runService('chat', main);
