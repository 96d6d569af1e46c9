// Test host for the chat pages: the real API client over a routed fake gateway (JSON replies per "METHOD /path",
// query ignored) whose send-message routes can answer with an event stream the test feeds event by event.
import { vi } from 'vitest';
import {
  EVENT_STREAM,
  type ChatMessage,
  type ChatSession,
  type ChatStreamEvent,
  type ToolId,
} from '@act/contracts';
import { createApiClient, type HostUser, type ToolHost } from '@act/host-sdk';
import { createFakeFetch, json, type FakeHandler, type RecordedRequest } from '@act/host-sdk/testing';

export const MEMBER: HostUser = {
  id: '5b0e7a6c-2f1d-4c4e-9d43-0f3f3c1a2b11',
  email: 'member@example.com',
  created_at: '2025-01-02T10:00:00Z',
};

export const SESSION_ID = '7d4f1c8e-5a2b-4c3d-9e8f-1a2b3c4d5e6f';
export const REPLY_ID = '3c2b1a09-8f7e-4d6c-9b5a-0f1e2d3c4b5a';

/** A reply stream the test writes to: one `send` per event, then `end` (or `drop` to break the connection). */
export interface FakeStream {
  response: Response;
  send(event: ChatStreamEvent): void;
  end(): void;
  drop(): void;
}

export function fakeStream(): FakeStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': `${EVENT_STREAM}; charset=utf-8` },
    }),
    send(event) {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
    },
    end() {
      controller.close();
    },
    drop() {
      controller.error(new TypeError('network error'));
    },
  };
}

export interface ChatTestHost {
  host: ToolHost;
  requests: RecordedRequest[];
  onCreditsChange: ReturnType<typeof vi.fn<(remaining: number) => void>>;
  navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  on(route: string, handler: FakeHandler): void;
  /** Requests to one path (query ignored), in order. */
  requestsTo(method: string, path: string): RecordedRequest[];
}

export function createChatHost(
  options: { toolId: ToolId; credits?: number; user?: HostUser | null; available?: boolean } = {
    toolId: 'ai-chat-playground',
  },
): ChatTestHost {
  const fake = createFakeFetch({
    'GET /api/chat/status': () => json({ success: true, available: options.available ?? true }),
  });
  const user = options.user === undefined ? MEMBER : options.user;
  const onCreditsChange = vi.fn<(remaining: number) => void>();
  const navigate = vi.fn<(path: string) => void>();
  const getAccessToken = async () => (user ? 'test-access-token' : null);
  const host: ToolHost = {
    toolId: options.toolId,
    user,
    plan: 'free',
    credits: options.credits ?? 50,
    getAccessToken,
    onCreditsChange,
    navigate,
    api: createApiClient({ getAccessToken, refresh: async () => null, fetch: fake.fetch }),
  };
  return {
    host,
    requests: fake.requests,
    onCreditsChange,
    navigate,
    on: fake.on,
    requestsTo: (method, path) =>
      fake.requests.filter(
        (request) => request.method === method && new URL(request.url, 'http://localhost').pathname === path,
      ),
  };
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

/** `{success, sessions, next_cursor}` as the sessions endpoint answers. */
export function sessionsPage(sessions: ChatSession[], nextCursor: string | null = null): Response {
  return json({ success: true, sessions, next_cursor: nextCursor });
}

/** Lets pending promises and React updates run. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
