// What the chat screens hold the same way (useChatPage): whether chat can be used, the session list, the open
// conversation (a new session goes into the list, a message in an old one moves it to the top) with its message box,
// the next message's cost and whether sending is blocked, and edit and branch. Each page adds only what it sends and
// how it shows it, and its screen (ChatScreen: the tool, its endpoints and the spec's texts for its failures).
//
// The open conversation (useConversation): its turns (use-session-turns.ts), sending a message and reading the
// streamed reply (use-sending.ts), and following a reply the server is still writing (use-followed-reply.ts). The
// open session is in the address (`?session=<id>`), so a reload, a second tab or another device opens it again
// (docs/product-rules.md#resume). A reply belongs to the server: leaving a session (or the page) only stops reading it
// here; the service finishes, saves and charges it, and reopening the session re-attaches to it: the page follows the
// reply by its id (its text so far, then the rest live, from any replica) and, when it ends, reads the header balance
// again if the follow did not tell it. The same holds when the stream breaks off here after the reply started
// (network drop, gateway restart). Where a reply cannot be followed by its id, the session is read again every second
// until the reply ends.
import { useCallback, useEffect, useRef } from 'react';
import {
  CHAT_ENDPOINTS,
  ERROR_TEXTS,
  UI_TEXTS,
  deleteSessionConfirm,
  type ChatFollowEvent,
  type ChatKind,
  type ToolId,
} from '@act/contracts';
import { announce, useAvailability, type Availability, type ToolHost } from '@act/host-sdk';
import { lacksCredits } from '../components/chat-notices';
import { applyEvent, isStreaming, restartTurn } from '../reply-state';
import { sessionInAddress, showSessionInAddress } from '../session-address';
import { useBranches, type Branches } from './use-branches';
import { settleBalance, useFollowedReply } from './use-followed-reply';
import { useSending, type Sending, type SendingOptions } from './use-sending';
import { useSessionList, type SessionList } from './use-session-list';
import { useSessionTurns, type SessionTurns } from './use-session-turns';

/** The screens with a session list: the four chats, and Deep Search (its endpoints are `CHAT_ENDPOINTS.deepSearch`). */
export type ChatScreenKind = ChatKind | 'deepSearch';

/**
 * The texts of the screens whose sessions are "chats" (the Chat Agent and the playground), read once the page's
 * language is set (remotes load after contracts has switched).
 */
export const CHAT_SESSION_TEXTS = {
  newSession: UI_TEXTS.chat.newChat,
  confirmDelete: deleteSessionConfirm('chat'),
  loadSessions: ERROR_TEXTS.chat.loadChatSessions,
  loadMessages: ERROR_TEXTS.chat.loadChatMessages,
  deleteSession: ERROR_TEXTS.chat.deleteChatSession,
  renameSession: ERROR_TEXTS.chat.renameSession,
  send: ERROR_TEXTS.chat.sendMessage,
};

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

/** A chat screen's state; the message box (`text`, `submit`) is the sending hook's, edit and branch the branches'. */
export interface ChatPage<K extends ChatKind = ChatKind>
  extends Pick<Sending<K>, 'text' | 'setText' | 'submit'>, Branches<K> {
  screen: ChatScreen<K>;
  availability: Availability;
  /** Sending needs a provider key (false for the web chat, which answers locally without one). */
  needsProvider: boolean;
  sessions: SessionList;
  conversation: Conversation<K>;
  /** Credits the next message costs (the chat agent's depends on web search). */
  cost: number;
  /** The spec's text for a balance below `cost`. */
  insufficientCredits: string;
  /** Sending is refused: no provider key on the server, or not enough credits (the notices say why). */
  blocked: boolean;
}

export interface ChatPageOptions {
  /** Playground model ids, or null for a single-reply screen. */
  columns: readonly string[] | null;
  /** Credits of the next message; the screen's cost when left out. */
  cost?: number;
  /** The refusal text below that cost; the screen's when left out. */
  insufficientCredits?: string;
  /** False when the screen answers without a provider key (web chat); true when left out. */
  needsProvider?: boolean;
}

export function useChatPage<K extends ChatKind>(
  host: ToolHost,
  screen: ChatScreen<K>,
  options: ChatPageOptions,
): ChatPage<K> {
  const { columns, needsProvider = true } = options;
  const cost = options.cost ?? screen.cost;
  const insufficientCredits = options.insufficientCredits ?? screen.texts.insufficientCredits;
  const availability = useAvailability(
    // Whether chat has a provider key and can answer.
    async (signal) => (await host.api.call(CHAT_ENDPOINTS.status, { signal })).available,
    [host.api],
  );
  const sessions = useSessionList(host.api, screen);
  const { reload: reloadSessions, touch: touchSession } = sessions;
  const blocked = (needsProvider && availability === 'unavailable') || lacksCredits(host, cost);
  const conversation = useConversation(host, screen, {
    columns,
    price: cost,
    blocked,
    onSessionCreated: useCallback(() => reloadSessions(), [reloadSessions]),
    onSessionActive: touchSession,
    projectId: sessions.projectId,
  });
  const branches = useBranches(host.api, screen, conversation, blocked);
  const { text, setText, submit } = conversation;

  return {
    screen,
    availability,
    needsProvider,
    sessions,
    conversation,
    cost,
    insufficientCredits,
    text,
    setText,
    submit,
    blocked,
    ...branches,
  };
}

export interface Conversation<K extends ChatKind = ChatKind>
  extends Sending<K>, Pick<SessionTurns, 'sessionId' | 'turns' | 'loading' | 'loadError' | 'refresh'> {
  open(sessionId: string): void;
  /** Back to an empty conversation (New Chat). */
  reset(): void;
  clearSendError(): void;
}

export type ConversationOptions = SendingOptions;

export function useConversation<K extends ChatKind>(
  host: ToolHost,
  screen: ChatScreen<K>,
  options: ConversationOptions,
): Conversation<K> {
  const { api } = host;
  const session = useSessionTurns(api, screen, options.columns);
  const sending = useSending(host, screen, session, options);
  const { sessionId, turns, loading, setTurns, poll } = session;

  // A reopened session whose reply is still being written, or a reply whose stream broke off here: follow it by its
  // id until it ends, or read the session again while it cannot be followed.
  const lastTurn = turns.at(-1);
  const writing = !sending.reading && isStreaming(lastTurn) && !!sessionId && !loading;
  const followId = writing ? lastTurn?.replyId : undefined;
  const fallback = screen.texts.send;
  const applyFollowed = (event: ChatFollowEvent) => {
    if (event.type === 'done' && event.status === 'completed') announce(UI_TEXTS.announce.replyFinished);
    setTurns((current) =>
      current.map((turn) =>
        turn.replyId === followId
          ? applyEvent(event.type === 'start' ? restartTurn(turn) : turn, event, fallback)
          : turn,
      ),
    );
  };
  useFollowedReply(api, followId, applyFollowed, {
    fallbackError: fallback,
    onCreditsChange: host.onCreditsChange,
    poll: {
      writing,
      // A reply read by polling ended: the service has charged it, so the header balance follows.
      read: async () => {
        if (sessionId && (await poll(sessionId))) settleBalance(api, undefined, host.onCreditsChange);
      },
    },
  });

  const { leave } = sending;
  const { open: openSession, reset: resetSession } = session;
  const open = useCallback(
    (id: string) => {
      leave();
      openSession(id);
    },
    [leave, openSession],
  );
  const reset = useCallback(() => {
    leave();
    resetSession();
  }, [leave, resetSession]);

  // The open session is in the address: a reload, a second tab or another device opens it again.
  const addressRead = useRef(false);
  useEffect(() => {
    if (!addressRead.current) {
      addressRead.current = true;
      const fromAddress = sessionInAddress();
      if (fromAddress) open(fromAddress);
      return;
    }
    showSessionInAddress(sessionId);
  }, [sessionId, open]);

  return {
    ...sending,
    sessionId,
    turns,
    loading,
    loadError: session.loadError,
    refresh: session.refresh,
    open,
    reset,
    clearSendError: () => sending.failSend(null),
  };
}
