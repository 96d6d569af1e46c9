// What differs between the chat screens that share the session list, composer and reply parts: the tool (and so
// its cost), its endpoints, and the spec's texts for each of their failures.
import {
  CHAT_ENDPOINTS,
  DEEP_SEARCH_TEXTS,
  ERROR_TEXTS,
  UI_TEXTS,
  deleteSessionConfirm,
  toolCost,
  type ChatKind,
  type ToolId,
} from '@act/contracts';

/** The screens with a session list: the four chats, and Deep Search (its endpoints are `CHAT_ENDPOINTS.deepSearch`). */
export type ChatScreenKind = ChatKind | 'deepSearch';

/** A chat screen of kind K (its endpoints type what it sends); ChatScreen alone is any of them. */
export interface ChatScreen<K extends ChatScreenKind = ChatScreenKind> {
  toolId: ToolId;
  /** Credits one message costs (docs/product-rules.md#costs-and-limits). */
  cost: number;
  /** Send a message, list, rename and delete sessions, read a session. */
  endpoints: (typeof CHAT_ENDPOINTS)[K];
  texts: {
    newSession: string;
    /** The delete confirmation (docs/product-rules.md#validation). */
    confirmDelete: string;
    loadSessions: string;
    loadMessages: string;
    deleteSession: string;
    renameSession: string;
    send: string;
    insufficientCredits: string;
    empty: string;
  };
}

export const PLAYGROUND_SCREEN: ChatScreen<'playground'> = {
  toolId: 'ai-chat-playground',
  cost: toolCost('ai-chat-playground'),
  endpoints: CHAT_ENDPOINTS.playground,
  texts: {
    newSession: UI_TEXTS.chat.newChat,
    confirmDelete: deleteSessionConfirm('chat'),
    loadSessions: ERROR_TEXTS.chat.loadChatSessions,
    loadMessages: ERROR_TEXTS.chat.loadChatMessages,
    deleteSession: ERROR_TEXTS.chat.deleteChatSession,
    renameSession: ERROR_TEXTS.chat.renameSession,
    send: ERROR_TEXTS.chat.sendMessage,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsPlayground,
    empty: UI_TEXTS.chat.playgroundEmpty,
  },
};

export const REASONING_SCREEN: ChatScreen<'reasoning'> = {
  toolId: 'chat-reasoning',
  cost: toolCost('chat-reasoning'),
  endpoints: CHAT_ENDPOINTS.reasoning,
  texts: {
    newSession: UI_TEXTS.chat.newReasoning,
    confirmDelete: deleteSessionConfirm('reasoning'),
    loadSessions: ERROR_TEXTS.chat.loadReasoningSessions,
    loadMessages: ERROR_TEXTS.chat.loadReasoningMessages,
    deleteSession: ERROR_TEXTS.chat.deleteReasoningSession,
    renameSession: ERROR_TEXTS.chat.renameSession,
    send: ERROR_TEXTS.chat.sendReasoningQuery,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsReasoning,
    empty: UI_TEXTS.chat.reasoningEmpty,
  },
};

/**
 * Chat Agent: 2 credits a message without web search (the page adds 5 with it;
 * docs/product-rules.md#costs-and-limits).
 */
export const AGENT_SCREEN: ChatScreen<'agent'> = {
  toolId: 'chat-agent',
  cost: toolCost('chat-agent'),
  endpoints: CHAT_ENDPOINTS.agent,
  texts: {
    newSession: UI_TEXTS.chat.newChat,
    confirmDelete: deleteSessionConfirm('chat'),
    loadSessions: ERROR_TEXTS.chat.loadChatSessions,
    loadMessages: ERROR_TEXTS.chat.loadChatMessages,
    deleteSession: ERROR_TEXTS.chat.deleteChatSession,
    renameSession: ERROR_TEXTS.chat.renameSession,
    send: ERROR_TEXTS.chat.sendMessage,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsChatAgentBase,
    empty: UI_TEXTS.chat.agentEmpty,
  },
};

/**
 * AI Web Chat: the message box sends follow-ups (2 credits, ours); starting, 6 credits, has its own step and texts
 * (WEB_CHAT_START).
 */
export const WEB_SCREEN: ChatScreen<'web'> = {
  toolId: 'ai-web-chat',
  cost: toolCost('ai-web-chat', { followUp: true }),
  endpoints: CHAT_ENDPOINTS.web,
  texts: {
    newSession: UI_TEXTS.chat.newWebChat,
    confirmDelete: deleteSessionConfirm('web chat'),
    loadSessions: ERROR_TEXTS.chat.loadWebChatSessions,
    loadMessages: ERROR_TEXTS.chat.loadWebChatMessages,
    deleteSession: ERROR_TEXTS.chat.deleteWebChatSession,
    renameSession: ERROR_TEXTS.chat.renameSession,
    send: ERROR_TEXTS.chat.sendMessageDot,
    insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsWebChatFollowUp,
    empty: UI_TEXTS.chat.webChatIntro,
  },
};

/**
 * Starting a web chat: 6 credits (docs/product-rules.md#costs-and-limits), its refusal and failure texts
 * (docs/product-rules.md#validation, #errors).
 */
export const WEB_CHAT_START = {
  cost: toolCost('ai-web-chat'),
  insufficientCredits: ERROR_TEXTS.validation.insufficientCreditsWebChat,
  failed: ERROR_TEXTS.chat.startWebChat,
} as const;

/**
 * Deep Search: its past reports share the chat session list (search, rename, delete); a report costs 4 credits
 * (docs/product-rules.md#deep-search). Its page sends questions itself, not through the chat conversation.
 */
export const DEEP_SEARCH_SCREEN: ChatScreen<'deepSearch'> = {
  toolId: 'deep-search',
  cost: toolCost('deep-search'),
  endpoints: CHAT_ENDPOINTS.deepSearch,
  texts: {
    newSession: DEEP_SEARCH_TEXTS.newResearch,
    confirmDelete: deleteSessionConfirm('deep search'),
    loadSessions: DEEP_SEARCH_TEXTS.loadSessions,
    loadMessages: DEEP_SEARCH_TEXTS.loadReport,
    deleteSession: DEEP_SEARCH_TEXTS.deleteSession,
    renameSession: DEEP_SEARCH_TEXTS.renameSession,
    send: DEEP_SEARCH_TEXTS.failed,
    insufficientCredits: DEEP_SEARCH_TEXTS.insufficientCredits,
    empty: DEEP_SEARCH_TEXTS.empty,
  },
};
