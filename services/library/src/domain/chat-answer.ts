// One answer of a chat item (docs/product-rules.md#send-to): Send to under one answer sends that answer, not the
// whole session the library indexes. The library keeps only the session's joined text, so it asks the chat service
// (`library.answer.chat`), which answers only for a finished answer of this member's session: another member's
// session, an answer of another session or an unknown id are all "no such answer", a 404 for the page.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { ChatAnswerReplySchema, type ChatAnswerRequest, type NatsNames } from '@act/contracts/server';
import { AppError, type Logger, type NatsConnection } from '@act/service-kit';
import { askService } from './ask-service';

export interface ChatAnswersDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
  timeoutMs: number;
}

export interface ChatAnswers {
  /** The answer's text; 404 when the member's session has no such answer, 503 when chat did not answer in time. */
  textOf(request: ChatAnswerRequest): Promise<string>;
}

export function createChatAnswers({ nc, names, logger, timeoutMs }: ChatAnswersDeps): ChatAnswers {
  return {
    async textOf(request) {
      let text: string | null;
      try {
        ({ text } = await askService(nc, names.chatAnswer, request, ChatAnswerReplySchema, timeoutMs));
      } catch (error) {
        logger.warn(
          { err: error, sessionId: request.sessionId },
          'chat did not answer a library answer request',
        );
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
          cause: error,
        });
      }
      if (text === null) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
      return text;
    },
  };
}
