// A minimal observable store (get/set/subscribe) with a React hook, so the session, credits and toast state can
// live outside React and still be shared by the shell and every remote through the host-sdk singleton.
import { useSyncExternalStore } from 'react';

export interface Store<State> {
  getState(): State;
  setState(next: State | ((previous: State) => State)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<State>(initial: State): Store<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(next) {
      const value = typeof next === 'function' ? (next as (previous: State) => State)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Reads a store (or any object with getState/subscribe) and re-renders when it changes. */
export function useStoreState<State>(store: Pick<Store<State>, 'getState' | 'subscribe'>): State {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
