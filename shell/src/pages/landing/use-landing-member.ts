// Whether the landing page's visitor is a signed-in member, so the header offers Account instead of Sign In
// (docs/product-rules.md#screens). The landing page does not load host-sdk for visitors: it reads the session hint
// the auth store leaves in localStorage (docs/architecture.md#session-hint), and only when it says signed in, or when
// the services are already loaded (an in-app visit), does it restore the session through the shell's auth store.
import { useEffect, useSyncExternalStore } from 'react';
import { PUBLIC_DATA } from '../../app/public-data';
import { useLoadedServices, useServicesLoader } from '../../app/services-context';
import type { ShellServices } from '../../app/shell-services';

function readHint(): boolean {
  try {
    return globalThis.localStorage?.getItem(PUBLIC_DATA.sessionHintKey) === '1';
  } catch {
    return false;
  }
}

const noSubscription = () => () => undefined;

type AuthStatus = ReturnType<ShellServices['auth']['getState']>['status'];

export function useLandingMember(): boolean {
  const services = useLoadedServices();
  const load = useServicesLoader();
  const status = useSyncExternalStore<AuthStatus | null>(
    services?.auth.subscribe ?? noSubscription,
    () => services?.auth.getState().status ?? null,
    () => null,
  );

  useEffect(() => {
    if (services) {
      void services.auth.initialize();
      return;
    }
    if (!readHint()) return;
    // After the first paint: the member's header comes a moment later, never the visitor's page.
    let cancelled = false;
    void load().then(
      (loaded) => {
        if (!cancelled) void loaded.auth.initialize();
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [services, load]);

  if (status === 'authenticated') return true;
  if (status === 'unauthenticated') return false;
  // Not known yet: trust the hint, so a member does not see Sign In flash before Account.
  return readHint();
}
