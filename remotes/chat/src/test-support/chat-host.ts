// Test host and factories for the chat pages: host-sdk's routed test host (replies per "METHOD /path"; a send-message
// route answers with a fakeEventStream the test feeds event by event) with chat's status route, and chat records.
import type { ChatMessage, ChatSession, ToolId } from '@act/contracts';
import type { HostUser } from '@act/host-sdk';
import { createRoutedTestHost, json, type RoutedTestHost } from '@act/host-sdk/testing';

export { MEMBER } from '@act/host-sdk/testing';

export const SESSION_ID = '7d4f1c8e-5a2b-4c3d-9e8f-1a2b3c4d5e6f';
export const REPLY_ID = '3c2b1a09-8f7e-4d6c-9b5a-0f1e2d3c4b5a';

export type ChatTestHost = RoutedTestHost;

/** A routed test host whose chat status says a provider is (or is not) configured. */
export function createChatHost(
  options: { toolId: ToolId; credits?: number; user?: HostUser | null; available?: boolean } = {
    toolId: 'ai-chat-playground',
  },
): ChatTestHost {
  return createRoutedTestHost({
    ...options,
    routes: {
      'GET /api/chat/status': () => json({ success: true, available: options.available ?? true }),
      // Issue 38: no projects and no instructions in use unless a test says otherwise.
      'GET /api/chat/projects': () => json({ success: true, projects: [] }),
      'GET /api/chat/instructions/in-use': () => json({ success: true, inUse: [] }),
    },
  });
}

let sequence = 0;

export function makeSession(overrides: Partial<ChatSession> = {}): ChatSession {
  sequence++;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Session ${sequence}`,
    created_at: '2025-01-02T10:00:00Z',
    updated_at: '2025-01-02T10:00:00Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ChatMessage>): ChatMessage {
  sequence++;
  return {
    id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    session_id: SESSION_ID,
    role: 'assistant',
    model_name: null,
    content: '',
    created_at: '2025-01-02T10:00:00Z',
    ...overrides,
  };
}

/** `{success, sessions, nextCursor}` as the sessions endpoint answers. */
export function sessionsPage(sessions: ChatSession[], nextCursor: string | null = null): Response {
  return json({ success: true, sessions, nextCursor });
}
