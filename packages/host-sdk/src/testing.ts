// Test helpers for the shell and remotes (import from '@act/host-sdk/testing', never from app code): a fetch that
// answers in the gateway's wire format, reply factories, and a ToolHost bound to that fetch.
import type { PlanId, ToolId } from '@act/contracts';
import { createApiClient } from './api-client';
import type { ToolHost } from './tool-host';

export { createFakeFetch, json } from './test-support/fake-fetch';
export type { FakeFetch, FakeHandler, RecordedRequest } from './test-support/fake-fetch';
export { makeMe, makeSession } from './test-support/factories';

export interface TestToolHostOptions {
  toolId: ToolId;
  fetch: typeof fetch;
  credits?: number;
  plan?: PlanId;
  /** null for a guest. */
  user?: ToolHost['user'];
  onCreditsChange?(remainingCredits: number): void;
  navigate?(path: string): void;
}

/** A ToolHost as the shell builds it, with its API client going through the given fetch. */
export function createTestToolHost(options: TestToolHostOptions): ToolHost {
  const token = options.user === null ? null : 'test-access-token';
  return {
    toolId: options.toolId,
    user:
      options.user === undefined
        ? {
            id: '6f1c2a52-3b7e-4d8e-9c55-7a1e0f2b9d10',
            email: 'maya@example.com',
            created_at: '2025-01-05T10:00:00.000Z',
          }
        : options.user,
    plan: options.plan ?? 'free',
    credits: options.credits ?? 50,
    getAccessToken: async () => token,
    onCreditsChange: options.onCreditsChange ?? (() => undefined),
    navigate: options.navigate ?? (() => undefined),
    api: createApiClient({
      getAccessToken: async () => token,
      refresh: async () => null,
      fetch: options.fetch,
    }),
  };
}
