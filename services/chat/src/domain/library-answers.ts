// The chat service's answer to the library's `library.answer.chat` (docs/product-rules.md#send-to): the text of one
// finished answer of a member's session, for Send to under that answer. Ownership is checked here, on the rows
// themselves: the answer must belong to that session and the session to that member, or the reply is `text: null`
// (the library's 404). An answer is named by its reply id and, on the playground, its column (the model id).
import {
  ChatAnswerRequestSchema,
  type ChatAnswerReply,
  type ChatAnswerRequest,
  type NatsNames,
} from '@act/contracts/server';
import {
  answerWhenDone,
  type Db,
  type Logger,
  type NatsConnection,
  type Subscription,
} from '@act/service-kit';

/** The answer's text, or null when the member's session has no such finished answer (one row, never a guess). */
export async function chatAnswerText(db: Db, request: ChatAnswerRequest): Promise<string | null> {
  const { sessionId, userId, messageId, column } = request;
  const rows = await db<Array<{ content: string }>>`
    select m.content from chat_messages m
    join chat_sessions s on s.id = m.session_id
    where m.session_id = ${sessionId} and s.user_id = ${userId} and m.user_id = ${userId}
      and m.reply_id = ${messageId} and m.role = 'assistant'
      and m.status in ('completed', 'stopped') and m.content <> ''
      and ${column === undefined ? db`true` : db`m.model_name = ${column}`}
    limit 2`;
  // A playground reply without its column names four answers: none of them is "the" answer.
  return rows.length === 1 ? rows[0]!.content : null;
}

export function answerLibraryAnswerRequests(deps: {
  nc: NatsConnection;
  sql: Db;
  names: NatsNames;
  logger: Logger;
}): Subscription {
  const { nc, sql, names, logger } = deps;
  const encode = (reply: ChatAnswerReply) => JSON.stringify(reply);
  return nc.subscribe(names.chatAnswer, {
    queue: names.chatAnswerQueue,
    callback: (error, msg) => {
      if (error) return logger.error({ err: error }, 'library answer requests stopped');
      let body: unknown;
      try {
        body = msg.json();
      } catch {
        body = undefined;
      }
      const request = ChatAnswerRequestSchema.safeParse(body);
      if (!request.success) return void msg.respond(encode({ text: null }));
      answerWhenDone(
        logger,
        chatAnswerText(sql, request.data),
        (text) => msg.respond(encode({ text })),
        // No answer: the library says "try again" rather than "not found" for a database that is down.
        (err: unknown) => logger.error({ err }, 'could not read a chat answer for the library'),
      );
    },
  });
}
