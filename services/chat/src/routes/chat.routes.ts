// HTTP edges of the chat tools' replies (docs/product-rules.md#endpoints), mounted from their contracts definitions:
// send-message of each tool and a playground fuse, one table (JSON by default, Server-Sent Events with
// `Accept: text/event-stream`); following a reply by its id, Stop, the status every chat page reads first, and the
// signed file URLs of chat agent attachments. The sessions' edges are sessions.routes.ts.
// Members only; a session or reply of someone else answers 404 exactly like an unknown one.
import { CHAT_ENDPOINTS, ERROR_TEXTS, type ChatStreamEvent, type Endpoint } from '@act/contracts';
import {
  Router,
  mountEndpoint,
  type DoneFields,
  type EndpointInput,
  type EndpointParams,
  type EndpointReply,
  type JwtVerifier,
  type Logger,
  type CreationAnnouncer,
} from '@act/service-kit';
import { mountFileRoute, type ObjectStore } from '@act/service-kit/files';
import { readImageDataUrl, readPdfDataUrl } from '@act/service-kit/media';
import type { ChatModels } from '../config';
import type { ChatStore } from '../db/chat-store';
import type { ChatReplies, ReplyOutcome } from '../domain/chat-replies';
import type { CopyLimits } from '../domain/copy-limits';
import { prepareFuse } from '../domain/fuse';
import { earlierReportsOf } from '../deep-search/follow-up';
import type { Preparation } from '../domain/prepare';
import { findFollowedReply, followReply } from '../domain/reply-follow';
import type { ChatStops } from '../domain/stops';
import { presentMessage } from './presenters';
import { mountProjectRoutes } from './projects.routes';
import { mountSessionRoutes, sessionDeleter } from './sessions.routes';

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
  /** Announces renamed and deleted sessions to the member's library (domain/creations.ts). */
  creations: CreationAnnouncer;
}

type ReplyRequest = Parameters<ChatReplies['start']>[0];

/**
 * One endpoint that starts a reply (a tool's send-message, a fuse): how its input becomes the reply to start
 * (attachments and pages are checked before anything is reserved), how the reply's outcome becomes its JSON reply,
 * and what a member reads when it fails. The event stream is the reply's own events, the same for every tool.
 */
interface SendMessage<E extends Endpoint, Request extends ReplyRequest> {
  endpoint: E;
  request(input: EndpointInput<E>, userId: string, params: EndpointParams<E>): Promise<Request>;
  reply(outcome: ReplyOutcome, request: Request): EndpointReply<E>;
  /** ERROR_TEXTS.chat.sendMessage unless the endpoint has its own words. */
  failed?: string;
}

/** Checks one entry against its own endpoint's types, then lets the table hold entries of different endpoints. */
function sendMessage<E extends Endpoint, Request extends ReplyRequest>(
  spec: SendMessage<E, Request>,
): SendMessage<typeof CHAT_ENDPOINTS.agent.sendMessage, ReplyRequest> {
  return spec as unknown as SendMessage<typeof CHAT_ENDPOINTS.agent.sendMessage, ReplyRequest>;
}

/** The reply of a one-answer chat (reasoning, agent, web, a fuse): the outcome and its one answer's text. */
function singleAnswerReply(outcome: ReplyOutcome) {
  return {
    sessionId: outcome.sessionId,
    messageId: outcome.replyId,
    status: outcome.status,
    response: outcome.columns[0]?.content ?? '',
    remainingCredits: outcome.remainingCredits,
  };
}

/** The endpoints that start a reply, one entry each. */
function sendMessages({ store, prepare, deepSearch, models }: ChatRoutesDeps) {
  return [
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
      // A follow-up names one of the member's report sessions: another member's is a 404 before anything is reserved.
      request: async (input, userId) => {
        const { sessionId } = input;
        const branch = sessionId ? await store.placeOf(userId, 'deep-search', { sessionId }) : undefined;
        const earlier = sessionId
          ? earlierReportsOf(await store.listMessages(userId, 'deep-search', sessionId))
          : [];
        return {
          kind: 'deep-search',
          userId,
          prompt: input.question,
          model: deepSearch.model,
          ...(sessionId && branch ? { sessionId, branch, earlier } : {}),
        };
      },
      reply: (outcome) => {
        const [report] = outcome.columns;
        return {
          ...singleAnswerReply(outcome),
          citations: report?.citations ?? [],
          sources: report?.sourcesRead ?? [],
        };
      },
    }),
    // Issue 25: one playground model merges a turn's answers (a chat agent message's price), streamed like any reply.
    sendMessage({
      endpoint: CHAT_ENDPOINTS.playground.fuse,
      // Another member's session or turn is a 404 before anything is reserved.
      request: (input, userId, params) => prepareFuse({ store, models }, userId, params.id, input),
      reply: (outcome) => singleAnswerReply(outcome),
      failed: ERROR_TEXTS.chat.fuseFailed,
    }),
  ];
}

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

export function createChatRouter(deps: ChatRoutesDeps): Router {
  const { verifier, store, replies, stops, available, deepSearch, files } = deps;
  const router = new Router();
  const options = { verifier };

  for (const tool of sendMessages(deps)) {
    mountEndpoint(router, tool.endpoint, options, async (input, { caller, params, respond, requestId }) => {
      // Refusals (a bad attachment, an unreadable page, no credits) are plain JSON errors: nothing was started.
      const request = await tool.request(input, caller.userId, params);
      // Issue 38: the first message of a chat may start it in one of the member's projects (checked by the start).
      if ('projectId' in input && input.projectId) request.projectId = input.projectId;
      const generation = await replies.start(request, requestId, caller.apiKey);
      return respond({
        // Unsubscribed when an event-stream client leaves (the stream's signal, not a request signal per reply);
        // a JSON caller's only listener notes the end.
        run: (emit, clientGone) => followStarted(generation, emit, clientGone),
        reply: ({ outcome }) => tool.reply(outcome, request),
        done: ({ outcome, done }) =>
          done ?? { status: outcome.status, remainingCredits: outcome.remainingCredits },
        failed: tool.failed ?? ERROR_TEXTS.chat.sendMessage,
      });
    });
  }

  mountSessionRoutes(router, deps);
  mountProjectRoutes(router, { verifier, store, deleteSession: sessionDeleter(deps) });

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
          followReply(caller.userId, first, emit, signal, { store, intervalMs: deps.followIntervalMs }),
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
