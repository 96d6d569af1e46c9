// The shell's long-lived objects: the auth store (access token in memory), the API client bound to it, the credits
// store, and the remote loader. Created once at start; tests create their own with an injected fetch or loader.
import {
  createApiClient,
  createCreditsStore,
  createAuthStore,
  type ApiClient,
  type CreditsStore,
  type AuthStore,
  type ToolPages,
} from '@act/host-sdk';
import type { ToolFamily } from '@act/contracts';

export type LoadToolPages = (family: ToolFamily, options?: { retry?: boolean }) => Promise<ToolPages>;

export interface ShellServices {
  auth: AuthStore;
  api: ApiClient;
  credits: CreditsStore;
  loadToolPages: LoadToolPages;
}

export interface ShellServicesOptions {
  loadToolPages: LoadToolPages;
  fetch?: typeof fetch;
  baseUrl?: string;
}

export function createShellServices(options: ShellServicesOptions): ShellServices {
  const auth = createAuthStore({ fetch: options.fetch, baseUrl: options.baseUrl });
  const api = createApiClient({
    getAccessToken: () => auth.getAccessToken(),
    refresh: () => auth.refresh(),
    fetch: options.fetch,
    baseUrl: options.baseUrl,
  });
  const credits = createCreditsStore(api);
  // A new sign-in (or a sign-out) must never show the previous member's balance, nor a stale load failure.
  auth.onAuthEvent((event) => {
    if (event === 'SIGNED_IN' || event === 'SIGNED_OUT') credits.clear();
  });
  return { auth, api, credits, loadToolPages: options.loadToolPages };
}
