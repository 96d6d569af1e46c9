// Calls of the chat screens through the host's API client (gateway → chat service), typed by the contracts: the
// session list (cursor pages, server-side search), rename, delete, a session's messages, the provider status, Stop,
// the streamed send, and the member's balance (credits service) after a reply that was not read here ended.
import {
  API_ROUTES,
  ChatMessagesReplySchema,
  ChatSessionsReplySchema,
  ChatStatusReplySchema,
  ChatStreamEventSchema,
  ERROR_TEXTS,
  LIMITS,
  MeReplySchema,
  RenameChatSessionReplySchema,
  type ChatMessage,
  type ChatSession,
  type ChatStreamEvent,
} from '@act/contracts';
import { streamEvents, type ApiClient, type CursorPage } from '@act/host-sdk';
import type { ChatScreen } from '../chat-screens';

export interface SessionQuery {
  cursor: string | null;
  /** Server-side search of titles and message text; empty for all. */
  q: string;
  signal?: AbortSignal;
}

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** One page of the member's sessions of this screen, newest first (spec: 10 per page). */
export async function listSessions(
  api: ApiClient,
  screen: ChatScreen,
  { cursor, q, signal }: SessionQuery,
): Promise<CursorPage<ChatSession>> {
  const path = withQuery(screen.routes.sessions, {
    cursor,
    limit: String(LIMITS.sessionPageSize),
    q: q.trim(),
  });
  const reply = await api.get(path, {
    schema: ChatSessionsReplySchema,
    fallbackError: screen.texts.loadSessions,
    signal,
  });
  return { items: reply.sessions, nextCursor: reply.next_cursor ?? null };
}

export async function listMessages(
  api: ApiClient,
  screen: ChatScreen,
  sessionId: string,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const reply = await api.get(withQuery(screen.routes.messages, { sessionId }), {
    schema: ChatMessagesReplySchema,
    fallbackError: screen.texts.loadMessages,
    signal,
  });
  return reply.messages;
}

function sessionPath(screen: ChatScreen, id: string): string {
  return screen.routes.session.replace(':id', encodeURIComponent(id));
}

export async function deleteSession(api: ApiClient, screen: ChatScreen, id: string): Promise<void> {
  await api.del(sessionPath(screen, id), { fallbackError: screen.texts.deleteSession });
}

export async function renameSession(
  api: ApiClient,
  screen: ChatScreen,
  id: string,
  title: string,
): Promise<void> {
  await api.patch(
    sessionPath(screen, id),
    { title },
    { schema: RenameChatSessionReplySchema, fallbackError: screen.texts.renameSession },
  );
}

/** Whether chat has a provider key and can answer. */
export async function fetchChatStatus(api: ApiClient, signal?: AbortSignal): Promise<boolean> {
  const reply = await api.get(API_ROUTES.chat.status, { schema: ChatStatusReplySchema, signal });
  return reply.available;
}

/**
 * The member's current balance. A reply read by polling its session's messages ends without a `remainingCredits`
 * (the messages reply has none), so the header balance is read again from the credits service instead.
 */
export async function fetchBalance(api: ApiClient, signal?: AbortSignal): Promise<number> {
  const reply = await api.get(API_ROUTES.credits.me, { schema: MeReplySchema, signal });
  return reply.me.credits;
}

/** Asks the chat service to stop the reply with this id (the `start` event's messageId). */
export async function stopReply(api: ApiClient, messageId: string): Promise<void> {
  await api.post(API_ROUTES.chat.stop, { messageId }, { fallbackError: ERROR_TEXTS.generic.unexpected });
}

/** Sends a message and yields the reply's events as they arrive (first `start`, last `done` or `error`). */
export function sendMessageStream(
  api: ApiClient,
  screen: ChatScreen,
  body: Record<string, unknown>,
  signal: AbortSignal,
  /** The spec's text for a failure without a server text; the screen's send text when left out. */
  fallbackError: string = screen.texts.send,
): AsyncIterable<ChatStreamEvent> {
  return streamEvents(api, screen.routes.sendMessage, body, {
    schema: ChatStreamEventSchema,
    signal,
    fallbackError,
  });
}
