// What differs between the chat screens that share the session list, composer and reply parts: the tool (and so
// its cost), the API paths, and the spec's texts for each of their failures.
import {
  API_ROUTES,
  ERROR_TEXTS,
  UI_TEXTS,
  deleteSessionConfirm,
  toolCost,
  type ToolId,
} from '@act/contracts';

export interface ChatScreen {
  toolId: ToolId;
  /** Credits one message costs (spec §9). */
  cost: number;
  routes: { sendMessage: string; sessions: string; session: string; messages: string };
  texts: {
    newSession: string;
    /** The delete confirmation (spec §5). */
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

export const PLAYGROUND_SCREEN: ChatScreen = {
  toolId: 'ai-chat-playground',
  cost: toolCost('ai-chat-playground'),
  routes: API_ROUTES.chat.playground,
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

export const REASONING_SCREEN: ChatScreen = {
  toolId: 'chat-reasoning',
  cost: toolCost('chat-reasoning'),
  routes: API_ROUTES.chat.reasoning,
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
