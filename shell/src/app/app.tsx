// The shell's root: services, router, routes and the toast area.
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { ServicesProvider, type ServicesSource } from './services-context';
import { ToastArea } from './toast-area';

export function App({ services }: { services: ServicesSource }) {
  return (
    <ServicesProvider source={services}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastArea />
    </ServicesProvider>
  );
}
