// HTTP edges of the four chat tools (docs/product-rules.md#endpoints), mounted from their contracts definitions:
// send-message (JSON by default, Server-Sent Events with `Accept: text/event-stream`), the session list (paged,
// searchable), rename, delete and messages of each, plus Stop, the status every chat page reads first, and the
// signed file URLs of chat agent attachments.
// Members only; a session or reply of someone else answers 404 exactly like an unknown one.
import type { Context } from 'koa';
import { CHAT_ENDPOINTS, ERROR_TEXTS, ErrorCode, type ChatMessage, type ChatSession } from '@act/contracts';
import {
  AppError,
  Router,
  mountEndpoint,
  openEventStream,
  userOf,
  wantsEventStream,
  type JwtVerifier,
  type Logger,
} from '@act/service-kit';
import { mountFileRoute, type ObjectStore } from '@act/service-kit/files';
import { readImageDataUrl, readPdfDataUrl } from '@act/service-kit/media';
import type { ChatStore, MessageRow, SessionRow } from '../db/chat-store';
import type { ChatReplies, ReplyKind, ReplyOutcome } from '../domain/chat-replies';
import type { Generation } from '../domain/generations';
import type { Preparation } from '../domain/prepare';
import type { ChatStops } from '../domain/stops';

export interface ChatRoutesDeps {
  verifier: JwtVerifier;
  store: ChatStore;
  replies: ChatReplies;
  stops: ChatStops;
  /** Whether a provider key is configured. */
  available: boolean;
  files: ObjectStore;
  prepare: Preparation;
  logger: Logger;
}

function memberOf(ctx: Context): string {
  const user = userOf(ctx);
  // mountEndpoint's member check ran first; this only satisfies the type.
  if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.server.unauthenticated);
  return user.userId;
}

function presentSession(row: SessionRow): ChatSession {
  return {
    id: row.id,
    title: row.title,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    model_id: row.model_id,
    url: row.url,
  };
}

function presentMessage(row: MessageRow, files: ObjectStore): ChatMessage {
  return {
    id: row.id,
    session_id: row.session_id,
    role: row.role,
    model_name: row.model_name,
    content: row.content,
    created_at: row.created_at.toISOString(),
    reply_id: row.reply_id,
    reasoning: row.reasoning,
    status: row.status,
    error: row.error,
    ...(row.citations?.length ? { citations: row.citations } : {}),
    ...(row.attachments?.length
      ? {
          attachments: row.attachments.map((attachment) => ({
            kind: attachment.kind,
            url: files.signedUrl(attachment.key),
            contentType: attachment.contentType,
            name: attachment.name,
            size: attachment.size,
          })),
        }
      : {}),
    ...(row.local ? { local: true } : {}),
  };
}

/**
 * Follows the reply on an event stream until its last event (`done` or `error`). A client that goes away only stops
 * the following: the reply goes on, is saved and charged once.
 */
async function streamReply(ctx: Context, generation: Generation<ReplyOutcome>): Promise<void> {
  const stream = openEventStream(ctx);
  const unsubscribe = generation.subscribe((event) => stream.send(event));
  const clientGone = new Promise<void>((resolve) => {
    if (stream.signal.aborted) resolve();
    else stream.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.race([generation.finished, clientGone]);
  unsubscribe();
  stream.end();
}

export function createChatRouter({
  verifier,
  store,
  replies,
  stops,
  available,
  files,
  prepare,
  logger,
}: ChatRoutesDeps): Router {
  const router = new Router();
  const options = { verifier };

  const tools = [
    { kind: 'playground', endpoints: CHAT_ENDPOINTS.playground },
    { kind: 'reasoning', endpoints: CHAT_ENDPOINTS.reasoning },
    { kind: 'agent', endpoints: CHAT_ENDPOINTS.agent },
    { kind: 'web', endpoints: CHAT_ENDPOINTS.web },
  ] as const;

  mountEndpoint(router, CHAT_ENDPOINTS.playground.sendMessage, options, async (input, ctx) => {
    const generation = await replies.start({
      kind: 'playground',
      userId: memberOf(ctx),
      sessionId: input.sessionId,
      prompt: input.prompt,
    });
    if (wantsEventStream(ctx)) return void (await streamReply(ctx, generation));
    const outcome = await generation.finished;
    if (outcome.failure) throw outcome.failure;
    return {
      sessionId: outcome.sessionId,
      messageId: outcome.replyId,
      status: outcome.status,
      // A failed column answers with the spec's words instead of text.
      responses: Object.fromEntries(
        outcome.columns.map((column) => [
          column.column,
          column.status === 'failed' ? (column.error ?? ERROR_TEXTS.chat.sendMessageDot) : column.content,
        ]),
      ),
      columns: Object.fromEntries(outcome.columns.map((column) => [column.column, column.status])),
      remainingCredits: outcome.remainingCredits,
    };
  });

  mountEndpoint(router, CHAT_ENDPOINTS.reasoning.sendMessage, options, async (input, ctx) => {
    // Attachments are checked by their bytes before anything is reserved.
    const image = input.image
      ? await readImageDataUrl(input.image, { invalidText: ERROR_TEXTS.validation.invalidChatImage })
      : undefined;
    const pdf = input.pdf ? await readPdfDataUrl(input.pdf) : undefined;
    const generation = await replies.start({
      kind: 'reasoning',
      userId: memberOf(ctx),
      sessionId: input.sessionId,
      prompt: input.prompt,
      ...(image ? { image } : {}),
      ...(pdf ? { pdf } : {}),
    });
    if (wantsEventStream(ctx)) return void (await streamReply(ctx, generation));
    const outcome = await generation.finished;
    if (outcome.failure) throw outcome.failure;
    const [answer] = outcome.columns;
    return {
      sessionId: outcome.sessionId,
      messageId: outcome.replyId,
      status: outcome.status,
      response: answer?.content ?? '',
      reasoning: answer?.reasoning ?? '',
      remainingCredits: outcome.remainingCredits,
    };
  });

  mountEndpoint(router, CHAT_ENDPOINTS.agent.sendMessage, options, async (input, ctx) => {
    const generation = await replies.start(await prepare.agent(input, memberOf(ctx)));
    if (wantsEventStream(ctx)) return void (await streamReply(ctx, generation));
    const outcome = await generation.finished;
    if (outcome.failure) throw outcome.failure;
    const [answer] = outcome.columns;
    return {
      sessionId: outcome.sessionId,
      messageId: outcome.replyId,
      status: outcome.status,
      response: answer?.content ?? '',
      reasoning: answer?.reasoning ?? '',
      citations: answer?.citations ?? [],
      remainingCredits: outcome.remainingCredits,
    };
  });

  mountEndpoint(router, CHAT_ENDPOINTS.web.sendMessage, options, async (input, ctx) => {
    const request = await prepare.web(input, memberOf(ctx));
    const generation = await replies.start(request);
    if (wantsEventStream(ctx)) return void (await streamReply(ctx, generation));
    const outcome = await generation.finished;
    if (outcome.failure) throw outcome.failure;
    const [answer] = outcome.columns;
    const page = request.page;
    return {
      sessionId: outcome.sessionId,
      messageId: outcome.replyId,
      status: outcome.status,
      response: answer?.content ?? '',
      citations: answer?.citations ?? [],
      local: answer?.local ?? false,
      remainingCredits: outcome.remainingCredits,
      ...(page ? { url: page.url, title: page.title } : {}),
    };
  });

  for (const { kind, endpoints } of tools) {
    const chatKind: ReplyKind = kind;
    mountEndpoint(router, endpoints.sessions, options, async (input, ctx) => {
      const page = await store.listSessions(memberOf(ctx), chatKind, {
        cursor: input.cursor || undefined,
        limit: input.limit,
        q: input.q || undefined,
      });
      return { sessions: page.items.map(presentSession), next_cursor: page.nextCursor };
    });

    mountEndpoint(router, endpoints.renameSession, options, async (input, ctx, params) => {
      const row = await store.renameSession(memberOf(ctx), chatKind, params.id, input.title);
      return { session: presentSession(row) };
    });

    mountEndpoint(router, endpoints.deleteSession, options, async (_input, ctx, params) => {
      const userId = memberOf(ctx);
      const { streaming, files: attached } = await store.deleteSession(userId, chatKind, params.id);
      // A reply still being written into the deleted session stops (it is charged once if text had arrived).
      stops.stopOwnReplies(userId, streaming);
      // Its attachments go with it (their signed URLs answer 404 from now on).
      if (attached.length > 0) {
        await files.delete(attached).catch((error: unknown) => {
          logger.warn({ err: error, keys: attached }, 'could not delete the attachments of a deleted chat');
        });
      }
      return {};
    });

    mountEndpoint(router, endpoints.messages, options, async (input, ctx) => {
      const rows = await store.listMessages(memberOf(ctx), chatKind, input.sessionId);
      return { messages: rows.map((row) => presentMessage(row, files)) };
    });
  }

  mountEndpoint(router, CHAT_ENDPOINTS.stop, options, async (input, ctx) => {
    await stops.stop(memberOf(ctx), input.messageId);
    return {};
  });

  mountEndpoint(router, CHAT_ENDPOINTS.status, {}, async () => ({ available }));

  mountFileRoute(router, files);

  return router;
}
