// The chat screens' calls that do more than `api.call(endpoint, …)` (the others are called where they are used):
// a page of sessions as the cursor list takes it, a session's messages with the screen's failure text (read by the
// conversation, Deep Search and the poll of a reply still being written), and the member's balance from the credits
// service after a reply that was not read here ended.
import { CREDITS_ENDPOINTS, LIMITS, type ChatMessage, type ChatSession } from '@act/contracts';
import type { ApiClient, CursorPage } from '@act/host-sdk';
import type { ChatScreen } from '../hooks/chat-screen';

export interface SessionQuery {
  cursor: string | null;
  /** Server-side search of titles and message text; empty for all. */
  q: string;
  /** Issue 38: one project's chats; all when null or left out. */
  projectId?: string | null;
  signal?: AbortSignal;
}

/** One page of the member's sessions of this screen, newest first (spec: 10 per page). */
export async function listSessions(
  api: ApiClient,
  screen: ChatScreen,
  { cursor, q, projectId, signal }: SessionQuery,
): Promise<CursorPage<ChatSession>> {
  const reply = await api.call(screen.endpoints.sessions, {
    query: {
      cursor: cursor ?? undefined,
      limit: LIMITS.sessionPageSize,
      q: q.trim(),
      ...(projectId ? { projectId } : {}),
    },
    fallbackError: screen.texts.loadSessions,
    signal,
  });
  return { items: reply.sessions, nextCursor: reply.nextCursor ?? null };
}

export async function listMessages(
  api: ApiClient,
  screen: ChatScreen,
  sessionId: string,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const reply = await api.call(screen.endpoints.messages, {
    query: { sessionId },
    fallbackError: screen.texts.loadMessages,
    signal,
  });
  return reply.messages;
}

/**
 * The member's current balance. A reply read by polling its session's messages ends without a `remainingCredits`
 * (the messages reply has none), so the header balance is read again from the credits service instead.
 */
export async function fetchBalance(api: ApiClient, signal?: AbortSignal): Promise<number> {
  const reply = await api.call(CREDITS_ENDPOINTS.me, { signal });
  return reply.me.credits;
}
