// Test helper: renders the shell's routes at a path with real services whose fetch answers in the gateway's wire
// format, plus a probe showing the current location.
import './public-data-global';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import type { CreditPack, LedgerDay, LedgerEntry, Me, Session, UsageHistoryEntry } from '@act/contracts';
import { Toaster, type ToolPages } from '@act/host-sdk';
import { createFakeFetch, json, makeMe, makeSession, type FakeFetch } from '@act/host-sdk/testing';
import { AppRoutes } from '../app/app-routes';
import { ServicesProvider } from '../app/services-context';
import { createShellServices, type LoadToolPages, type ShellServices } from '../app/shell-services';

afterEach(() => {
  cleanup();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface FakeBackendOptions {
  /** null: no refresh cookie (a visitor). */
  session?: Session | null;
  /** null: the user record cannot be read. */
  me?: Me | null;
  history?: UsageHistoryEntry[];
  /** The ledger's movements (one page) and chart days. */
  ledger?: { entries: LedgerEntry[]; days?: LedgerDay[] };
  packs?: CreditPack[];
}

/** A signed-in member by default: the refresh cookie restores a session and credits knows the account. */
export function createFakeBackend(options: FakeBackendOptions = {}): FakeFetch {
  const session = options.session === undefined ? makeSession() : options.session;
  const me = options.me === undefined ? makeMe() : options.me;
  return createFakeFetch({
    'POST /api/identity/token': () =>
      session
        ? json({ success: true, session })
        : json({ success: false, error: 'Auth session missing', code: 'UNAUTHENTICATED' }, 401),
    'POST /api/identity/logout': () => json({ success: true }),
    'GET /api/credits/me': () =>
      me
        ? json({ success: true, me })
        : json({ success: false, error: 'User not found', code: 'NOT_FOUND' }, 404),
    'GET /api/credits/tool-usage-history': () =>
      json({ success: true, history: options.history ?? [], nextCursor: null }),
    'GET /api/credits/ledger': () =>
      json({
        success: true,
        entries: options.ledger?.entries ?? [],
        days: options.ledger?.days ?? [],
        nextCursor: null,
      }),
    'GET /api/credits/packs': () => json({ success: true, packs: options.packs ?? [] }),
    'GET /api/chat/shares': () => json({ success: true, shares: [], nextCursor: null }),
    'GET /api/chat/instructions': () => json({ success: true, instructions: { text: '', enabled: false } }),
    'GET /api/billing/config': () =>
      json({
        success: true,
        config: {
          environment: 'sandbox',
          clientToken: null,
          prices: {
            pro: { monthly: null, yearly: null },
            premium: { monthly: null, yearly: null },
            ultimate: { monthly: null, yearly: null },
          },
        },
      }),
  });
}

export interface RenderAppOptions {
  backend?: FakeFetch;
  loadToolPages?: LoadToolPages;
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const backend = options.backend ?? createFakeBackend();
  const loadToolPages: LoadToolPages = options.loadToolPages ?? (async (): Promise<ToolPages> => ({}));
  const services: ShellServices = createShellServices({ fetch: backend.fetch, loadToolPages });
  const view = render(
    <ServicesProvider source={services}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </ServicesProvider>,
  );
  return { ...view, services, backend, location: () => view.getByTestId('location').textContent };
}
