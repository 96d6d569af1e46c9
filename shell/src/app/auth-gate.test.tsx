import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend, renderApp } from '../test-support/render-app';

describe('auth gate', () => {
  it("shows the 'Loading' spinner while the session is restored", async () => {
    const backend = createFakeBackend();
    backend.on('POST /api/identity/token', () => new Promise<Response>(() => undefined));
    renderApp('/dashboard', { backend });
    const statuses = await screen.findAllByRole('status');
    expect(statuses.some((status) => status.textContent?.includes('Loading'))).toBe(true);
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).toBeNull();
  });

  it('redirects to /auth without a session', async () => {
    const app = renderApp('/dashboard', { backend: createFakeBackend({ session: null }) });
    await waitFor(() => expect(app.location()).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('redirects a tool route to /auth without a session', async () => {
    const app = renderApp('/tools/magic-enhance', { backend: createFakeBackend({ session: null }) });
    await waitFor(() => expect(app.location()).toBe('/auth'));
  });

  it('redirects to /auth when the user record cannot be read', async () => {
    const app = renderApp('/dashboard', { backend: createFakeBackend({ me: null }) });
    await waitFor(() => expect(app.location()).toBe('/auth'));
  });

  it('shows the page once the session and the user record are there', async () => {
    const app = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeTruthy();
    expect(app.location()).toBe('/dashboard');
  });
});
