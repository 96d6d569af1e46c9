// Mounts host-sdk's toast area once the services (and with them host-sdk) have loaded: no public page downloads
// host-sdk just to show a toast that only member actions raise.
import { lazy, Suspense } from 'react';
import { useLoadedServices } from './services-context';

const Toaster = lazy(() => import('@act/host-sdk').then((m) => ({ default: m.Toaster })));

export function ToastArea() {
  const services = useLoadedServices();
  if (!services) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
