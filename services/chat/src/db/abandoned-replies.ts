// The periodic job that closes replies whose replica stopped mid-reply (a crash, a SIGKILL): a reply still streaming
// well after the longest reply could last is saved with the send-message error, so its session stops showing it as
// in progress. Runs in every replica; the store's update is idempotent.
import { ERROR_TEXTS } from '@act/contracts';
import type { Logger, PeriodicJobOptions, Sql } from '@act/service-kit';
import type { ChatConfig } from '../config';
import { createChatStore } from './chat-store';

/** A reply still streaming this long after it began has lost its replica (the reply limit plus a margin). */
const ABANDONED_MARGIN_MS = 60_000;
const SWEEP_INTERVAL_MS = 60_000;

export function abandonedRepliesJob({
  config,
  sql,
  logger,
}: {
  config: Pick<ChatConfig, 'CHAT_REPLY_MAX_MS'>;
  sql: Sql;
  logger: Logger;
}): Omit<PeriodicJobOptions, 'logger'> {
  const store = createChatStore(sql);
  return {
    name: 'abandoned chat replies',
    intervalMs: SWEEP_INTERVAL_MS,
    run: async () => {
      const closed = await store.closeAbandonedReplies(
        config.CHAT_REPLY_MAX_MS + ABANDONED_MARGIN_MS,
        ERROR_TEXTS.chat.sendMessageDot,
      );
      if (closed > 0) logger.warn({ closed }, 'closed replies whose replica stopped mid-reply');
    },
  };
}
