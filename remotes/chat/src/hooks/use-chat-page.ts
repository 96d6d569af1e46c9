// What the chat screens hold the same way: whether chat can be used, the session list, the open conversation (a new
// session goes into the list, a message in an old one moves it to the top) with its message box, the next message's
// cost and whether sending is blocked, and edit and branch. Each page adds only what it sends and how it shows it.
import { useCallback } from 'react';
import { CHAT_ENDPOINTS, type ChatKind } from '@act/contracts';
import { useAvailability, type Availability, type ToolHost } from '@act/host-sdk';
import type { ChatScreen } from '../chat-screens';
import { lacksCredits } from '../components/chat-notices';
import { useBranches, type Branches } from './use-branches';
import { useConversation, type Conversation } from './use-conversation';
import type { Sending } from './use-sending';
import { useSessionList, type SessionList } from './use-session-list';

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
