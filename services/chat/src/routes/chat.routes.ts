// HTTP edges of the four chat tools (docs/product-rules.md#endpoints), mounted from their contracts definitions:
// send-message (JSON by default, Server-Sent Events with `Accept: text/event-stream`), the session list (paged,
// searchable), rename, delete and messages of each, plus Stop, the status every chat page reads first, and the
// signed file URLs of chat agent attachments.
// Members only; a session or reply of someone else answers 404 exactly like an unknown one.
import {
  CHAT_ENDPOINTS,
  ERROR_TEXTS,
  type ChatMessage,
  type ChatSession,
  type ChatStreamEvent,
  type Endpoint,
} from '@act/contracts';
import {
  Router,
  mountEndpoint,
  type DoneFields,
  type EndpointInput,
  type EndpointReply,
  type JwtVerifier,
  type Logger,
} from '@act/service-kit';
import { mountFileRoute, type ObjectStore } from '@act/service-kit/files';
import { readImageDataUrl, readPdfDataUrl } from '@act/service-kit/media';
import type { ChatModels } from '../config';
import type { ChatStore, MessageRow, SessionRow, ShownMessageRow, StoredChatKind } from '../db/chat-store';
import type { ChatReplies, ReplyOutcome } from '../domain/chat-replies';
import type { CopyLimits } from '../domain/copy-limits';
import { continueWithModel, prepareFuse } from '../domain/fuse';
import type { Preparation } from '../domain/prepare';
import { findFollowedReply, followReply } from '../domain/reply-follow';
import type { ChatStops } from '../domain/stops';

export interface ChatRoutesDeps {
  verifier: JwtVerifier;
  store: ChatStore;
  replies: ChatReplies;
  stops: ChatStops;
  /** Whether a provider key is configured. */
  available: boolean;
  /** Deep Search's upstream model, and whether a search provider is configured. */
  deepSearch: { model: string; search: boolean };
  files: ObjectStore;
  prepare: Preparation;
  logger: Logger;
  /** How often a followed reply's rows are read again (its save interval, CHAT_PERSIST_INTERVAL_MS). */
  followIntervalMs: number;
  /** Upstream model ids (a playground fuse asks its chosen column's model). */
  models: ChatModels;
  /** A continued comparison is a free copy of the session: bounded per member and per session (LIMITS.chatCopies). */
  copies: CopyLimits;
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

function presentMessage(row: MessageRow | ShownMessageRow, files: ObjectStore): ChatMessage {
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
    ...(row.role === 'assistant' ? { credits: row.credits } : {}),
    ...(row.fused_from ? { fused_from: row.fused_from } : {}),
    parent_id: row.parent_id,
    // Where it stands among its versions (edits of a message, regenerated answers), when it has any.
    ...('versions' in row && row.versions.count > 1 ? { versions: row.versions } : {}),
  };
}

type ReplyRequest = Parameters<ChatReplies['start']>[0];

/**
 * One chat tool's send-message endpoint: how its input becomes the reply to start (attachments and pages are checked
 * before anything is reserved), and how the reply's outcome becomes its JSON reply. The event stream is the reply's
 * own events, the same for every tool.
 */
interface SendMessage<E extends Endpoint, Request extends ReplyRequest> {
  endpoint: E;
  request(input: EndpointInput<E>, userId: string): Promise<Request>;
  reply(outcome: ReplyOutcome, request: Request): EndpointReply<E>;
}

/** Checks one entry against its own endpoint's types, then lets the table hold entries of different endpoints. */
function sendMessage<E extends Endpoint, Request extends ReplyRequest>(
  spec: SendMessage<E, Request>,
): SendMessage<typeof CHAT_ENDPOINTS.agent.sendMessage, ReplyRequest> {
  return spec as unknown as SendMessage<typeof CHAT_ENDPOINTS.agent.sendMessage, ReplyRequest>;
}

/** The reply of a one-answer chat (reasoning, agent, web): the outcome and its one answer's text. */
function singleAnswerReply(outcome: ReplyOutcome) {
  return {
    sessionId: outcome.sessionId,
    messageId: outcome.replyId,
    status: outcome.status,
    response: outcome.columns[0]?.content ?? '',
    remainingCredits: outcome.remainingCredits,
  };
}

export function createChatRouter({
  verifier,
  store,
  replies,
  stops,
  available,
  deepSearch,
  files,
  prepare,
  logger,
  followIntervalMs,
  models,
  copies,
}: ChatRoutesDeps): Router {
  const router = new Router();
  const options = { verifier };

  const tools = [
    { kind: 'playground', endpoints: CHAT_ENDPOINTS.playground },
    { kind: 'reasoning', endpoints: CHAT_ENDPOINTS.reasoning },
    { kind: 'agent', endpoints: CHAT_ENDPOINTS.agent },
    { kind: 'web', endpoints: CHAT_ENDPOINTS.web },
    { kind: 'deep-search', endpoints: CHAT_ENDPOINTS.deepSearch },
  ] as const;

  const sendMessages = [
    sendMessage({
      endpoint: CHAT_ENDPOINTS.playground.sendMessage,
      request: async (input, userId) => {
        const branch = await store.placeOf(userId, 'playground', input);
        return {
          kind: 'playground',
          userId,
          sessionId: input.sessionId,
          // A regenerate asks the stored message again (one model's column when named).
          prompt: branch?.answerOf?.content ?? input.prompt,
          ...(branch ? { branch } : {}),
          ...(branch?.answerOf && input.column ? { column: input.column } : {}),
        };
      },
      reply: (outcome) => ({
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
      }),
    }),
    sendMessage({
      endpoint: CHAT_ENDPOINTS.reasoning.sendMessage,
      request: async (input, userId) => {
        // Attachments are checked by their bytes before anything is reserved.
        const image = input.image
          ? await readImageDataUrl(input.image, { invalidText: ERROR_TEXTS.validation.invalidChatImage })
          : undefined;
        const pdf = input.pdf ? await readPdfDataUrl(input.pdf) : undefined;
        const branch = await store.placeOf(userId, 'reasoning', input);
        return {
          kind: 'reasoning',
          userId,
          sessionId: input.sessionId,
          prompt: branch?.answerOf?.content ?? input.prompt,
          ...(branch ? { branch } : {}),
          ...(image ? { image } : {}),
          ...(pdf ? { pdf } : {}),
        };
      },
      reply: (outcome) => ({
        ...singleAnswerReply(outcome),
        reasoning: outcome.columns[0]?.reasoning ?? '',
      }),
    }),
    sendMessage({
      endpoint: CHAT_ENDPOINTS.agent.sendMessage,
      request: (input, userId) => prepare.agent(input, userId),
      reply: (outcome) => {
        const [answer] = outcome.columns;
        return {
          ...singleAnswerReply(outcome),
          reasoning: answer?.reasoning ?? '',
          citations: answer?.citations ?? [],
        };
      },
    }),
    sendMessage({
      endpoint: CHAT_ENDPOINTS.web.sendMessage,
      request: (input, userId) => prepare.web(input, userId),
      reply: (outcome, request) => {
        const [answer] = outcome.columns;
        const page = request.page;
        return {
          ...singleAnswerReply(outcome),
          citations: answer?.citations ?? [],
          local: answer?.local ?? false,
          ...(page ? { url: page.url, title: page.title } : {}),
        };
      },
    }),
    sendMessage({
      endpoint: CHAT_ENDPOINTS.deepSearch.sendMessage,
      request: async (input, userId) => ({
        kind: 'deep-search',
        userId,
        prompt: input.question,
        model: deepSearch.model,
      }),
      reply: (outcome) => {
        const [report] = outcome.columns;
        return {
          ...singleAnswerReply(outcome),
          citations: report?.citations ?? [],
          sources: report?.sourcesRead ?? [],
        };
      },
    }),
  ];

  type Started = Awaited<ReturnType<ChatReplies['start']>>;
  type Progress = Exclude<ChatStreamEvent, { type: 'done' | 'error' }>;
  type Done = DoneFields<typeof CHAT_ENDPOINTS.agent.sendMessage>;

  /**
   * The reply belongs to the server: a client that goes away only stops following it; it goes on, is saved and
   * charged once. Its events are its own; its last (`done`) is sent by respond, a failure is thrown. A chain on the
   * reply's end rather than an async function: no suspended frame per open reply (docs/architecture.md#performance).
   */
  function followStarted(generation: Started, emit: (event: Progress) => void, clientGone?: AbortSignal) {
    let done: Done | undefined;
    const unsubscribe = generation.subscribe((event) => {
      if (event.type === 'done') {
        const { type: _done, ...fields } = event;
        done = fields;
      } else if (event.type !== 'error') emit(event);
    });
    clientGone?.addEventListener('abort', unsubscribe, { once: true });
    return generation.finished.then((outcome) => {
      unsubscribe();
      if (outcome.failure) throw outcome.failure;
      return { outcome, done };
    });
  }

  for (const tool of sendMessages) {
    mountEndpoint(router, tool.endpoint, options, async (input, { caller, respond, requestId }) => {
      // Refusals (a bad attachment, an unreadable page, no credits) are plain JSON errors: nothing was started.
      const request = await tool.request(input, caller.userId);
      const generation = await replies.start(request, requestId, caller.apiKey);
      return respond({
        // Unsubscribed when an event-stream client leaves (the stream's signal, not a request signal per reply);
        // a JSON caller's only listener notes the end.
        run: (emit, clientGone) => followStarted(generation, emit, clientGone),
        reply: ({ outcome }) => tool.reply(outcome, request),
        done: ({ outcome, done }) =>
          done ?? { status: outcome.status, remainingCredits: outcome.remainingCredits },
        failed: ERROR_TEXTS.chat.sendMessage,
      });
    });
  }

  for (const { kind, endpoints } of tools) {
    const chatKind: StoredChatKind = kind;
    mountEndpoint(router, endpoints.sessions, options, async (input, { caller }) => {
      const page = await store.listSessions(caller.userId, chatKind, {
        cursor: input.cursor || undefined,
        limit: input.limit,
        q: input.q || undefined,
      });
      return { sessions: page.items.map(presentSession), next_cursor: page.nextCursor };
    });

    mountEndpoint(router, endpoints.renameSession, options, async (input, { caller, params }) => {
      const row = await store.renameSession(caller.userId, chatKind, params.id, input.title);
      return { session: presentSession(row) };
    });

    mountEndpoint(
      router,
      endpoints.deleteSession,
      options,
      async (_input, { caller: { userId }, params }) => {
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
      },
    );

    mountEndpoint(router, endpoints.messages, options, async (input, { caller }) => {
      const rows = await store.listMessages(caller.userId, chatKind, input.sessionId);
      return { messages: rows.map((row) => presentMessage(row, files)) };
    });
  }

  // Issue 25: one playground model merges a turn's answers (a chat agent message's price), streamed like any reply.
  mountEndpoint(
    router,
    CHAT_ENDPOINTS.playground.fuse,
    options,
    async (input, { caller, params, respond, requestId }) => {
      // Another member's session or turn is a 404 before anything is reserved.
      const request = await prepareFuse({ store, models }, caller.userId, params.id, input);
      const generation = await replies.start(request, requestId, caller.apiKey);
      return respond({
        run: (emit, clientGone) => followStarted(generation, emit, clientGone),
        reply: ({ outcome }) => singleAnswerReply(outcome),
        done: ({ outcome, done }) =>
          done ?? { status: outcome.status, remainingCredits: outcome.remainingCredits },
        failed: ERROR_TEXTS.chat.fuseFailed,
      });
    },
  );

  // Issue 25: the comparison goes on as a chat agent session with one of its models (free, so bounded: issue 45).
  mountEndpoint(
    router,
    CHAT_ENDPOINTS.playground.continueWith,
    options,
    async (input, { caller, params }) => {
      const created = await copies.copy(caller.userId, params.id, 'continue', () =>
        continueWithModel(store, caller.userId, params.id, input.model),
      );
      return { sessionId: created.sessionId, tool: 'chat-agent' as const, modelId: created.modelId };
    },
  );

  // Any replica follows any reply of the member by its id: from the rows its replica keeps saving.
  mountEndpoint(
    router,
    CHAT_ENDPOINTS.follow,
    options,
    async (_input, { caller, params, signal, respond }) => {
      // Another member's reply answers 404 before anything is streamed, exactly like an unknown one.
      const first = await findFollowedReply(store, caller.userId, params.id);
      return respond({
        run: (emit) =>
          followReply(caller.userId, first, emit, signal, { store, intervalMs: followIntervalMs }),
        reply: (followed) => ({
          sessionId: followed.sessionId,
          messageId: followed.replyId,
          status: followed.status,
          messages: followed.rows.map((row) => presentMessage(row, files)),
        }),
        done: (followed) => followed.done,
        failed: ERROR_TEXTS.chat.sendMessage,
      });
    },
  );

  // Flipping versions (‹ 2/3 ›): the version shown is kept in the rows, so the branch shown survives a reload.
  mountEndpoint(router, CHAT_ENDPOINTS.showVersion, options, async (input, { caller }) => {
    await store.showMessage(caller.userId, input.messageId);
    return {};
  });

  mountEndpoint(router, CHAT_ENDPOINTS.stop, options, async (input, { caller }) => {
    await stops.stop(caller.userId, input.messageId);
    return {};
  });

  mountEndpoint(router, CHAT_ENDPOINTS.status, {}, async () => ({ available }));

  mountEndpoint(router, CHAT_ENDPOINTS.deepSearch.status, {}, async () => ({
    available: available && deepSearch.search,
    search: deepSearch.search,
    llm: available,
  }));

  mountFileRoute(router, files);

  return router;
}
