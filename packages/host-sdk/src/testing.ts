// Test helpers for the shell and remotes (import from '@act/host-sdk/testing', never from app code): a fetch that
// answers in the gateway's wire format, reply factories, and a scripted ToolHost for a remote's page tests: the real
// API client over a scripted gateway (replies queued in order), with records of calls, credit updates and navigation.
import { vi } from 'vitest';
import type { PlanId, ToolId } from '@act/contracts';
import { createApiClient } from './api-client';
import type { HostUser, ToolHost } from './tool-host';

import { createFakeFetch, type FakeHandler, type RecordedRequest } from './test-support/fake-fetch';

export { createFakeFetch, json } from './test-support/fake-fetch';
export type { FakeFetch, FakeHandler, RecordedRequest } from './test-support/fake-fetch';
export { fakeEventStream, type FakeEventStream } from './test-support/fake-event-stream';
export { makeMe, makeSession } from './test-support/factories';
export { FakeMicrophone, FakeRecorder } from './test-support/fake-microphone';

export interface RecordedCall {
  path: string;
  method: string;
  body: Record<string, unknown>;
  authorization: string | null;
}

export interface ScriptedReply {
  status: number;
  body: unknown;
}

export interface TestHost {
  host: ToolHost;
  calls: RecordedCall[];
  onCreditsChange: ReturnType<typeof vi.fn<(remaining: number) => void>>;
  navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  /** Queues the next reply; `hold()` returns a release function so a test can look at the loading state first. */
  reply(status: number, body: unknown): void;
  hold(): (reply: ScriptedReply) => void;
  /** The next call fails at the network level (no answer). */
  failNetwork(): void;
}

export const MEMBER: HostUser = {
  id: '5b0e7a6c-2f1d-4c4e-9d43-0f3f3c1a2b11',
  email: 'member@example.com',
  created_at: '2025-01-02T10:00:00Z',
};

type Pending =
  | { kind: 'reply'; reply: ScriptedReply }
  | { kind: 'hold'; promise: Promise<ScriptedReply> }
  | { kind: 'network' };

export function createTestHost(options: {
  toolId: ToolId;
  credits?: number;
  user?: HostUser | null;
  plan?: PlanId;
}): TestHost {
  const calls: RecordedCall[] = [];
  const queue: Pending[] = [];

  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    calls.push({
      path: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {},
      authorization: headers.get('authorization'),
    });
    const next = queue.shift();
    if (!next) throw new Error(`unexpected call to ${String(input)}`);
    if (next.kind === 'network') throw new TypeError('Failed to fetch');
    const reply = next.kind === 'reply' ? next.reply : await next.promise;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  const user = options.user === undefined ? MEMBER : options.user;
  const onCreditsChange = vi.fn<(remaining: number) => void>();
  const navigate = vi.fn<(path: string) => void>();
  const host: ToolHost = {
    toolId: options.toolId,
    user,
    plan: options.plan ?? 'free',
    credits: options.credits ?? 50,
    getAccessToken: async () => (user ? 'test-access-token' : null),
    onCreditsChange,
    navigate,
    api: createApiClient({
      getAccessToken: async () => (user ? 'test-access-token' : null),
      refresh: async () => null,
      fetch: fetchImpl,
    }),
  };

  return {
    host,
    calls,
    onCreditsChange,
    navigate,
    reply: (status, body) => {
      queue.push({ kind: 'reply', reply: { status, body } });
    },
    hold: () => {
      let release: (reply: ScriptedReply) => void = () => undefined;
      const promise = new Promise<ScriptedReply>((resolve) => {
        release = resolve;
      });
      queue.push({ kind: 'hold', promise });
      return release;
    },
    failNetwork: () => {
      queue.push({ kind: 'network' });
    },
  };
}

export interface RoutedTestHost {
  host: ToolHost;
  requests: RecordedRequest[];
  onCreditsChange: ReturnType<typeof vi.fn<(remaining: number) => void>>;
  navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
  /** Answers "METHOD /path" (query ignored) from now on; a handler may return a fakeEventStream's response. */
  on(route: string, handler: FakeHandler): void;
  /** Requests to one path (query ignored), in order. */
  requestsTo(method: string, path: string): RecordedRequest[];
}

/**
 * A ToolHost for pages that make several kinds of call at once (lists, streams, downloads): the real API client over
 * a fake gateway routed by "METHOD /path", where createTestHost's queue would depend on call order.
 */
export function createRoutedTestHost(options: {
  toolId: ToolId;
  credits?: number;
  user?: HostUser | null;
  routes?: Record<string, FakeHandler>;
}): RoutedTestHost {
  const fake = createFakeFetch(options.routes);
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

/** A File whose bytes start with the PNG signature (the browser trusts the type; the server checks the bytes). */
export function pngFile(name = 'photo.png', size = 2048): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}
