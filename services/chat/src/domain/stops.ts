// Stop, from any replica: the member's Stop reaches whichever chat replica the gateway picked, but the reply's
// provider stream lives in one replica's registry. The receiving replica checks that the reply is the member's,
// stops it at once when it holds it, and otherwise announces it on `chat.stop`, which every chat replica follows.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { ChatStopEventSchema, natsNames } from '@act/contracts/server';
import { AppError, isUuid, type Logger, type NatsConnection } from '@act/service-kit';
import type { ChatStore } from '../db/chat-store';
import type { GenerationRegistry } from './generations';

export interface ChatStops {
  /** Stops the member's reply (404 for anyone else's or an unknown id); a reply already ended is left as it is. */
  stop(userId: string, replyId: string): Promise<void>;
  /** Stops replies by id without an owner check (their session was just deleted by its owner). */
  stopOwnReplies(userId: string, replyIds: readonly string[]): void;
  close(): Promise<void>;
}

export function startChatStops({
  nc,
  namespace,
  store,
  registry,
  logger,
}: {
  nc: NatsConnection;
  namespace?: string;
  store: ChatStore;
  registry: GenerationRegistry;
  logger: Logger;
}): ChatStops {
  const subject = natsNames(namespace).chatStop;

  const stopHere = (userId: string, replyId: string): boolean => {
    const generation = registry.get(replyId);
    // The owner travels with the announcement and is checked again here: a reply only stops for its member.
    if (!generation || generation.userId !== userId) return false;
    generation.stop('stop');
    return true;
  };

  const subscription = nc.subscribe(subject, {
    callback: (error, message) => {
      if (error) {
        logger.warn({ err: error }, 'chat stop subscription error');
        return;
      }
      try {
        const event = ChatStopEventSchema.parse(message.json());
        if (stopHere(event.userId, event.messageId))
          logger.info({ replyId: event.messageId }, 'reply stopped');
      } catch (parseError) {
        logger.warn({ err: parseError }, 'ignored a malformed chat stop');
      }
    },
  });

  const announce = (userId: string, replyId: string) => {
    try {
      nc.publish(subject, JSON.stringify({ messageId: replyId, userId }));
    } catch (error) {
      logger.warn({ err: error, replyId }, 'could not announce a chat stop');
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
        cause: error,
      });
    }
  };

  return {
    async stop(userId, replyId) {
      if (!isUuid(replyId)) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
      const reply = await store.findReply(userId, replyId);
      if (!reply) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
      if (!reply.streaming || stopHere(userId, replyId)) return;
      announce(userId, replyId);
    },
    stopOwnReplies(userId, replyIds) {
      for (const replyId of replyIds) {
        if (!stopHere(userId, replyId)) {
          try {
            announce(userId, replyId);
          } catch {
            // Logged; the reply ends on its own and its rows are gone with the session.
          }
        }
      }
    },
    async close() {
      subscription.unsubscribe();
    },
  };
}
