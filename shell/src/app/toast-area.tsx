// Mounts host-sdk's toast area and status announcer once the services (and with them host-sdk) have loaded: no
// public page downloads host-sdk just to show a toast or a status that only member actions raise.
import { lazy, Suspense } from 'react';
import { useLoadedServices } from './services-context';

const Toaster = lazy(() => import('@act/host-sdk').then((m) => ({ default: m.Toaster })));
// The one polite region tool screens announce through (docs/architecture.md#status-announcements).
const Announcer = lazy(() => import('@act/host-sdk').then((m) => ({ default: m.Announcer })));

export function ToastArea() {
  const services = useLoadedServices();
  if (!services) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <Announcer />
    </Suspense>
  );
}
