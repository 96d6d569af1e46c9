// React access to the shell services. They are built on the shared host-sdk, which the landing page does not need:
// the provider takes either the services or a loader, and the first component that asks for them (auth page,
// member pages) suspends until they are ready, so the first paint of the landing page never waits for host-sdk.
import { createContext, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ShellServices } from './shell-services';

export type ServicesSource = ShellServices | (() => Promise<ShellServices>);

interface ServicesHolder {
  get(): Promise<ShellServices>;
  current(): ShellServices | null;
  subscribe(listener: () => void): () => void;
}

function createHolder(source: ServicesSource): ServicesHolder {
  let value: ShellServices | null = typeof source === 'function' ? null : source;
  let promise: Promise<ShellServices> | null = value ? Promise.resolve(value) : null;
  const listeners = new Set<() => void>();
  return {
    get() {
      promise ??= (source as () => Promise<ShellServices>)().then(
        (services) => {
          value = services;
          for (const listener of [...listeners]) listener();
          return services;
        },
        (error: unknown) => {
          // A failed chunk download must not poison every later attempt.
          promise = null;
          throw error;
        },
      );
      return promise;
    },
    current: () => value,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const ServicesContext = createContext<ServicesHolder | null>(null);

export function ServicesProvider({ source, children }: { source: ServicesSource; children: ReactNode }) {
  const [holder] = useState(() => createHolder(source));
  return <ServicesContext value={holder}>{children}</ServicesContext>;
}

function useHolder(): ServicesHolder {
  const holder = use(ServicesContext);
  if (!holder) throw new Error('useServices must be used inside <ServicesProvider>');
  return holder;
}

/** The services; suspends the caller until they have loaded. */
export function useServices(): ShellServices {
  const holder = useHolder();
  return holder.current() ?? use(holder.get());
}

/** The services once something has loaded them, else null (never triggers the load). */
export function useLoadedServices(): ShellServices | null {
  const holder = useHolder();
  return useSyncExternalStore(holder.subscribe, holder.current, holder.current);
}

/** Starts loading the services (once) without suspending the caller; for work after the first paint. */
export function useServicesLoader(): () => Promise<ShellServices> {
  return useHolder().get;
}
