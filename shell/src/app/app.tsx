// The shell's root: services, router, routes and the toast area; and, once, the service worker's registration.
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { registerServiceWorker } from './register-service-worker';
import { ServicesProvider, type ServicesSource } from './services-context';
import { ToastArea } from './toast-area';

export function App({ services }: { services: ServicesSource }) {
  useEffect(registerServiceWorker, []);
  return (
    <ServicesProvider source={services}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastArea />
    </ServicesProvider>
  );
}
