// Calls of the chat screens through the host's API client (gateway → chat service), typed by the endpoint
// definitions in the contracts: the session list (cursor pages, server-side search), rename, delete, a session's
// messages, the provider status, Stop, the streamed send, and the member's balance (credits service) after a reply
// that was not read here ended.
import {
  CHAT_ENDPOINTS,
  CREDITS_ENDPOINTS,
  ERROR_TEXTS,
  LIMITS,
  type ChatFollowEvent,
  type ChatKind,
  type ChatMessage,
  type ChatSession,
  type ChatStreamEvent,
} from '@act/contracts';
import type { ApiClient, BodyOf, CallArgs, CursorPage } from '@act/host-sdk';
import type { ChatScreen } from '../chat-screens';

/** The send-message endpoint of a chat kind. */
type SendEndpoint<K extends ChatKind> = (typeof CHAT_ENDPOINTS)[K]['sendMessage'];

/** The send-message body of a chat kind, as its request schema takes it. */
export type SendMessageBody<K extends ChatKind> = BodyOf<SendEndpoint<K>>;

export interface SessionQuery {
  cursor: string | null;
  /** Server-side search of titles and message text; empty for all. */
  q: string;
  signal?: AbortSignal;
}

/** One page of the member's sessions of this screen, newest first (spec: 10 per page). */
export async function listSessions(
  api: ApiClient,
  screen: ChatScreen,
  { cursor, q, signal }: SessionQuery,
): Promise<CursorPage<ChatSession>> {
  const reply = await api.call(screen.endpoints.sessions, {
    query: { cursor: cursor ?? undefined, limit: LIMITS.sessionPageSize, q: q.trim() },
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
  const reply = await api.call(screen.endpoints.messages, {
    query: { sessionId },
    fallbackError: screen.texts.loadMessages,
    signal,
  });
  return reply.messages;
}

export async function deleteSession(api: ApiClient, screen: ChatScreen, id: string): Promise<void> {
  await api.call(screen.endpoints.deleteSession, {
    params: { id },
    fallbackError: screen.texts.deleteSession,
  });
}

export async function renameSession(
  api: ApiClient,
  screen: ChatScreen,
  id: string,
  title: string,
): Promise<void> {
  await api.call(screen.endpoints.renameSession, {
    params: { id },
    body: { title },
    fallbackError: screen.texts.renameSession,
  });
}

/** Whether chat has a provider key and can answer. */
export async function fetchChatStatus(api: ApiClient, signal?: AbortSignal): Promise<boolean> {
  const reply = await api.call(CHAT_ENDPOINTS.status, { signal });
  return reply.available;
}

/**
 * The member's current balance. A reply read by polling its session's messages ends without a `remainingCredits`
 * (the messages reply has none), so the header balance is read again from the credits service instead.
 */
export async function fetchBalance(api: ApiClient, signal?: AbortSignal): Promise<number> {
  const reply = await api.call(CREDITS_ENDPOINTS.me, { signal });
  return reply.me.credits;
}

/** Asks the chat service to stop the reply with this id (the `start` event's messageId). */
export async function stopReply(api: ApiClient, messageId: string): Promise<void> {
  await api.call(CHAT_ENDPOINTS.stop, {
    body: { messageId },
    fallbackError: ERROR_TEXTS.generic.unexpected,
  });
}

/** Shows this version of a message (‹ 2/3 ›) in place of its siblings; the session's messages then follow it. */
export async function showVersion(api: ApiClient, messageId: string): Promise<void> {
  await api.call(CHAT_ENDPOINTS.showVersion, {
    body: { messageId },
    fallbackError: ERROR_TEXTS.generic.unexpected,
  });
}

/** Sends a message and yields the reply's events as they arrive (first `start`, last `done` or `error`). */
export function sendMessageStream(
  api: ApiClient,
  screen: ChatScreen<ChatKind>,
  body: SendMessageBody<ChatKind>,
  signal: AbortSignal,
  /** The spec's text for a failure without a server text; the screen's send text when left out. */
  fallbackError: string = screen.texts.send,
): AsyncIterable<ChatStreamEvent> {
  // The body is the screen's own kind's (useConversation builds it from extras typed by that kind); TypeScript
  // cannot pair the two members of a union by itself.
  const options = [{ body, signal, fallbackError }] as CallArgs<SendEndpoint<ChatKind>>;
  return api.stream(screen.endpoints.sendMessage, ...options);
}

/**
 * Follows a reply by its id (the `start` event's messageId), from whichever replica answers: its text so far, then
 * the rest as it arrives, last `done` or `error` (docs/product-rules.md#resume).
 */
export function followReplyStream(
  api: ApiClient,
  replyId: string,
  signal: AbortSignal,
  fallbackError: string,
): AsyncIterable<ChatFollowEvent> {
  return api.stream(CHAT_ENDPOINTS.follow, { params: { id: replyId }, signal, fallbackError });
}
