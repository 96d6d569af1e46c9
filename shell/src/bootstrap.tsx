// Runs after Module Federation has set up the shared singletons: creates the services and renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@act/host-sdk/styles.css';
import './styles/base.css';
import { App } from './app/app';
import { loadFederatedToolPages } from './federation/remote-loader';

// Loaded on first use (auth page, member pages): the landing page renders without the shared host-sdk.
async function loadServices() {
  const { createShellServices } = await import('./app/shell-services');
  const services = createShellServices({ loadToolPages: loadFederatedToolPages });
  services.auth.startAutoRefresh();
  return services;
}

// The page's <title> in index.html is for clients without JavaScript; from here React renders one per route.
document.head.querySelector('title[data-static-title]')?.remove();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App services={loadServices} />
  </StrictMode>,
);
