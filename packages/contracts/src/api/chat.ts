// Chat service contracts (docs/product-rules.md#endpoints): the endpoints of the playground, chat agent, reasoning
// chat, web chat and Deep Search, with their sessions. Their shapes live beside it, one file each: sessions and
// messages (chat-sessions.ts), what a send carries and answers, as JSON or streamed events (chat-send.ts), Deep Search (chat-deep-search.ts),
// fuse and continue (chat-fuse.ts), the web chat's request (chat-web.ts); this module exports them all again.
import type { z } from 'zod';
import { endpoint, toolEndpoint, type BodyLimitClass } from '../endpoint';
import type { ToolId } from '../tools';
import { successReply } from './common';
import {
  DeepSearchReplySchema,
  DeepSearchRequestSchema,
  DeepSearchStatusReplySchema,
} from './chat-deep-search';
import {
  PlaygroundContinueReplySchema,
  PlaygroundContinueRequestSchema,
  PlaygroundFuseReplySchema,
  PlaygroundFuseRequestSchema,
} from './chat-fuse';
import {
  ChatAgentSendMessageRequestSchema,
  ChatFollowEventSchema,
  ChatReasoningSendMessageRequestSchema,
  ChatSendMessageReplySchema,
  ChatStatusReplySchema,
  ChatStopRequestSchema,
  ChatStreamEventSchema,
  PlaygroundSendMessageReplySchema,
  PlaygroundSendMessageRequestSchema,
} from './chat-send';
import { WebChatReplySchema, WebChatRequestSchema } from './chat-web';
import {
  ChatMessagesQuerySchema,
  ChatMessagesReplySchema,
  ChatReplyParamsSchema,
  ChatReplyReplySchema,
  ChatSessionParamsSchema,
  ChatSessionsQuerySchema,
  ChatSessionsReplySchema,
  ChatShowVersionRequestSchema,
  DeleteChatSessionReplySchema,
  RenameChatSessionReplySchema,
  RenameChatSessionRequestSchema,
} from './chat-sessions';

export { CitationSchema, type Citation } from './citation';
export * from './chat-sessions';
export * from './chat-send';
export * from './chat-web';
export * from './chat-deep-search';

/** The four endpoints of one chat assistant: send a message, list and delete its sessions, read a session. */
function chatEndpoints<
  const Tool extends ToolId,
  const Send extends z.ZodType,
  const Reply extends z.ZodType,
>(spec: {
  tool: Tool;
  paths: { sendMessage: string; sessions: string; session: string; messages: string };
  bodyLimit: BodyLimitClass;
  request: Send;
  reply: Reply;
}) {
  return {
    sendMessage: toolEndpoint({
      method: 'POST',
      path: spec.paths.sendMessage,
      tool: spec.tool,
      bodyLimit: spec.bodyLimit,
      request: spec.request,
      reply: spec.reply,
      events: ChatStreamEventSchema,
    }),
    sessions: endpoint({
      method: 'GET',
      path: spec.paths.sessions,
      access: 'member',
      request: ChatSessionsQuerySchema,
      reply: ChatSessionsReplySchema,
    }),
    renameSession: endpoint({
      method: 'PATCH',
      path: spec.paths.session,
      access: 'member',
      params: ChatSessionParamsSchema,
      request: RenameChatSessionRequestSchema,
      reply: RenameChatSessionReplySchema,
    }),
    deleteSession: endpoint({
      method: 'DELETE',
      path: spec.paths.session,
      access: 'member',
      params: ChatSessionParamsSchema,
      reply: DeleteChatSessionReplySchema,
    }),
    messages: endpoint({
      method: 'GET',
      path: spec.paths.messages,
      access: 'member',
      request: ChatMessagesQuerySchema,
      reply: ChatMessagesReplySchema,
    }),
  } as const;
}

/** The chat endpoints (docs/product-rules.md#endpoints; drafts until the chat service is built). */
export const CHAT_ENDPOINTS = {
  // The spec's playground function is `chat/...`; under the /api/chat prefix it needs no second `chat`.
  playground: {
    ...chatEndpoints({
      tool: 'ai-chat-playground',
      paths: {
        sendMessage: '/api/chat/send-message',
        sessions: '/api/chat/sessions',
        session: '/api/chat/sessions/:id',
        messages: '/api/chat/messages',
      },
      bodyLimit: 'chatHistory',
      request: PlaygroundSendMessageRequestSchema,
      reply: PlaygroundSendMessageReplySchema,
    }),
    /** Issue 25: one model merges a turn's four answers; charged as one chat agent message. */
    fuse: toolEndpoint({
      method: 'POST',
      path: '/api/chat/sessions/:id/fuse',
      tool: 'chat-agent',
      params: ChatSessionParamsSchema,
      request: PlaygroundFuseRequestSchema,
      reply: PlaygroundFuseReplySchema,
      events: ChatStreamEventSchema,
    }),
    /** Issue 25: the comparison goes on as a chat agent session with one of its models; free. */
    continueWith: endpoint({
      method: 'POST',
      path: '/api/chat/sessions/:id/continue',
      access: 'member',
      params: ChatSessionParamsSchema,
      request: PlaygroundContinueRequestSchema,
      reply: PlaygroundContinueReplySchema,
    }),
  },
  agent: chatEndpoints({
    tool: 'chat-agent',
    paths: {
      sendMessage: '/api/chat/chat-agent/send-message',
      sessions: '/api/chat/chat-agent/sessions',
      session: '/api/chat/chat-agent/sessions/:id',
      messages: '/api/chat/chat-agent/messages',
    },
    bodyLimit: 'chatAttachments',
    request: ChatAgentSendMessageRequestSchema,
    reply: ChatSendMessageReplySchema,
  }),
  reasoning: chatEndpoints({
    tool: 'chat-reasoning',
    paths: {
      sendMessage: '/api/chat/chat-reasoning/send-message',
      sessions: '/api/chat/chat-reasoning/sessions',
      session: '/api/chat/chat-reasoning/sessions/:id',
      messages: '/api/chat/chat-reasoning/messages',
    },
    bodyLimit: 'chatAttachments',
    request: ChatReasoningSendMessageRequestSchema,
    reply: ChatSendMessageReplySchema,
  }),
  /** prompt 'INITIAL_SETUP' with url starts a chat; sessionId with prompt continues it. */
  web: chatEndpoints({
    tool: 'ai-web-chat',
    paths: {
      sendMessage: '/api/chat/ai-web-chat',
      sessions: '/api/chat/ai-web-chat-sessions',
      session: '/api/chat/ai-web-chat-sessions/:id',
      messages: '/api/chat/ai-web-chat-messages',
    },
    bodyLimit: 'json',
    request: WebChatRequestSchema,
    reply: WebChatReplySchema,
  }),
  /** Deep Search: a researched, cited report per question; its sessions are its saved reports. */
  deepSearch: {
    ...chatEndpoints({
      tool: 'deep-search',
      paths: {
        sendMessage: '/api/chat/deep-search',
        sessions: '/api/chat/deep-search-sessions',
        session: '/api/chat/deep-search-sessions/:id',
        messages: '/api/chat/deep-search-messages',
      },
      bodyLimit: 'json',
      request: DeepSearchRequestSchema,
      reply: DeepSearchReplySchema,
    }),
    /** Public, like the chat status: the page says what is missing before the member types. */
    status: endpoint({
      method: 'GET',
      path: '/api/chat/deep-search/status',
      access: 'public',
      reply: DeepSearchStatusReplySchema,
    }),
  },
  /** Whether chat can answer at all (a provider key is configured); public, so a tool page can say so at once. */
  status: endpoint({
    method: 'GET',
    path: '/api/chat/status',
    access: 'public',
    reply: ChatStatusReplySchema,
  }),
  /**
   * Follows a reply of any chat tool by its messageId, from any replica (docs/product-rules.md#resume): streamed, the
   * text so far then the rest as it arrives; JSON, the reply once it ended. Another member's reply answers 404.
   */
  follow: endpoint({
    method: 'GET',
    path: '/api/chat/replies/:id',
    access: 'member',
    params: ChatReplyParamsSchema,
    reply: ChatReplyReplySchema,
    events: ChatFollowEventSchema,
  }),
  /** Shows one version of a message of any chat tool (edit and branch, ‹ 2/3 ›); another member's answers 404. */
  showVersion: endpoint({
    method: 'POST',
    path: '/api/chat/show-version',
    access: 'member',
    request: ChatShowVersionRequestSchema,
    reply: successReply({}),
  }),
  /** Stops a streamed reply of any chat tool by its messageId, on whichever replica holds the stream. */
  stop: endpoint({
    method: 'POST',
    path: '/api/chat/stop',
    access: 'member',
    request: ChatStopRequestSchema,
    reply: successReply({}),
  }),
} as const;
