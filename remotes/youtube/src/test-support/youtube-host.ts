// Test host for the YouTube pages: the real API client over a routed fake gateway (replies per "METHOD /path", query
// ignored) whose summary route can answer with an event stream the test feeds event by event.
import { vi } from 'vitest';
import { EVENT_STREAM, type ToolId, type YoutubeStreamEvent } from '@act/contracts';
import { createApiClient, type HostUser, type ToolHost } from '@act/host-sdk';
import { createFakeFetch, type FakeHandler, type RecordedRequest } from '@act/host-sdk/testing';

export const MEMBER: HostUser = {
  id: '5b0e7a6c-2f1d-4c4e-9d43-0f3f3c1a2b11',
  email: 'member@example.com',
  created_at: '2025-01-02T10:00:00Z',
};

export const VIDEO_ID = 'dQw4w9WgXcQ';
export const WATCH_URL = `https://www.youtube.com/watch?v=${VIDEO_ID}`;

/** A reply stream the test writes to: one `send` per event, then `end` (or `drop` to break the connection). */
export interface FakeStream {
  response: Response;
  send(event: YoutubeStreamEvent): void;
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

export interface YoutubeTestHost {
  host: ToolHost;
  requests: RecordedRequest[];
  onCreditsChange: ReturnType<typeof vi.fn<(remaining: number) => void>>;
  navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  on(route: string, handler: FakeHandler): void;
}

export function createYoutubeHost(options: {
  toolId: ToolId;
  credits?: number;
  user?: HostUser | null;
}): YoutubeTestHost {
  const fake = createFakeFetch();
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
  return { host, requests: fake.requests, onCreditsChange, navigate, on: fake.on };
}
