// The member's plan and credit balance (docs/product-rules.md#states: the balance follows the user record and is
// updated from the remainingCredits every charged call returns).
import { CREDITS_ENDPOINTS, ERROR_TEXTS, type Me } from '@act/contracts';
import type { ApiClient } from './api-client';
import { errorMessage } from './api-error';
import { createStore, type Store } from './store';

export interface CreditsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  me: Me | null;
  error: string | null;
}

export interface CreditsStore extends Pick<Store<CreditsState>, 'getState' | 'subscribe'> {
  /**
   * Loads (or reloads) the account from credits; resolves to it, or null after a failure (state.error holds the
   * text). Status 'error' means no account could be loaded at all.
   */
  load(): Promise<Me | null>;
  /** Applies a reply's remainingCredits; null (a guest reply) leaves the balance alone. */
  setRemainingCredits(remainingCredits: number | null | undefined): void;
  clear(): void;
}

export function createCreditsStore(api: ApiClient): CreditsStore {
  const store = createStore<CreditsState>({ status: 'idle', me: null, error: null });
  let generation = 0;

  return {
    getState: store.getState,
    subscribe: store.subscribe,

    async load() {
      const current = ++generation;
      store.setState((s) => ({ ...s, status: s.me ? s.status : 'loading', error: null }));
      try {
        const reply = await api.call(CREDITS_ENDPOINTS.me, {
          fallbackError: ERROR_TEXTS.auth.failedToRetrieveProfile,
        });
        // A sign-out (clear) or a newer load during the request wins over this answer.
        if (current === generation) store.setState({ status: 'ready', me: reply.me, error: null });
        return reply.me;
      } catch (error) {
        if (current === generation) {
          // A failed reload keeps the last known account on screen (with the error for a banner); only a first
          // load that fails leaves no user record, which the shell's auth gate treats as a failed check.
          store.setState((s) => ({
            ...s,
            status: s.me ? 'ready' : 'error',
            error: errorMessage(error, ERROR_TEXTS.auth.failedToRetrieveProfile),
          }));
        }
        return null;
      }
    },

    setRemainingCredits(remainingCredits) {
      if (typeof remainingCredits !== 'number' || !Number.isFinite(remainingCredits)) return;
      store.setState((s) => (s.me ? { ...s, me: { ...s.me, credits: remainingCredits } } : s));
    },

    clear() {
      generation++;
      store.setState({ status: 'idle', me: null, error: null });
    },
  };
}
