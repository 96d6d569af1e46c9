// Runs after Module Federation has set up the shared singletons: creates the services and renders the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@act/host-sdk/styles.css';
import './styles/base.css';
import { App } from './app/app';
import { isMemberPath, loadMemberRoutes } from './app/app-routes';
import type { ShellServices } from './app/shell-services';

// Loaded on first use (auth page, member pages): the landing page renders without the shared host-sdk, the remote
// loader or its version check.
async function loadServices() {
  const [{ createShellServices }, { loadFederatedToolPages }, { getTool }, { adoptAccountLanguage }] =
    await Promise.all([
      import('./app/shell-services'),
      import('./federation/remote-loader'),
      import('@act/contracts'),
      import('./app/account-language'),
    ]);
  // Opened straight on a tool page: fetch its remote now, beside the session refresh and the member check, instead
  // of after them (the loader keeps the attempt, so the page reuses it; a failure is the page's to show).
  const tool = getTool(/^\/tools\/([^/]+)/.exec(window.location.pathname)?.[1] ?? '');
  if (tool?.hasPage) loadFederatedToolPages(tool.family).catch(() => undefined);
  const services = createShellServices({ loadToolPages: loadFederatedToolPages });
  services.auth.startAutoRefresh();
  adoptAccountLanguage(services.auth, () => window.location.reload());
  return services;
}

let servicesLoad: Promise<ShellServices> | null = null;
/** The services, loaded once (a failed chunk download is tried again by the next caller). */
function shellServices(): Promise<ShellServices> {
  servicesLoad ??= loadServices().catch((error: unknown) => {
    servicesLoad = null;
    throw error;
  });
  return servicesLoad;
}

// Opened straight on a member page (a reload, a bookmark): its route's chunk, the services and the session refresh
// start now, beside bootstrap's own chunks, instead of one after another as React reaches the auth gate (the gate's
// own initialize() then joins the refresh already running). A guest's refresh fails as it would in the gate, which
// then sends them to sign in (docs/performance.md#library-page).
if (isMemberPath(window.location.pathname)) {
  loadMemberRoutes().catch(() => undefined);
  shellServices()
    .then((loaded) => loaded.auth.initialize())
    .catch(() => undefined);
}

// The page's <title> in index.html is for clients without JavaScript; from here React renders one per route.
document.head.querySelector('title[data-static-title]')?.remove();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App services={shellServices} />
  </StrictMode>,
);
