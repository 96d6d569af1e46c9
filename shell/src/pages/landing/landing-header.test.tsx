import '../../test-support/public-data-global';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { SESSION_HINT_STORAGE_KEY } from '@act/contracts';
import { AppRoutes } from '../../app/app-routes';
import { ServicesProvider } from '../../app/services-context';
import { createShellServices, type ShellServices } from '../../app/shell-services';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const mainNav = () => document.querySelector<HTMLElement>('header.sh-site-header')!;

describe('the landing header of a signed-in member', () => {
  it('offers Account instead of Sign In, inline and in the small-screen menu', async () => {
    const user = userEvent.setup();
    const app = renderApp('/');
    const account = await within(mainNav()).findByRole('link', { name: 'Account' });
    expect(account.getAttribute('href')).toBe('/dashboard?view=account');
    expect(within(mainNav()).queryByRole('link', { name: 'Sign In' })).toBeNull();

    const menu = within(mainNav()).getByRole('button', { name: 'Menu' });
    menu.focus();
    await user.keyboard('{Enter}');
    const list = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(list).queryByRole('link', { name: 'Sign In' })).toBeNull();
    const inMenu = within(list).getByRole('link', { name: 'Account' });
    // Reached from the keyboard alone: Tab from the first link down to Account, then Enter.
    for (let i = 0; i < 40 && document.activeElement !== inMenu; i++) await user.tab();
    expect(document.activeElement).toBe(inMenu);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/dashboard?view=account'));
  });
});

describe('the session hint on a first visit', () => {
  function renderLazy(backend = createFakeBackend()) {
    let made: ShellServices | null = null;
    const load = vi.fn(async () => {
      made ??= createShellServices({ fetch: backend.fetch, loadToolPages: async () => ({}) });
      return made;
    });
    render(
      <ServicesProvider source={load}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </ServicesProvider>,
    );
    return { load, backend };
  }

  it('does not load the member code for a visitor the browser has no note of', async () => {
    const { load, backend } = renderLazy();
    await screen.findByRole('heading', { level: 1, name: 'Your AI Creative Toolbox' });
    expect(within(mainNav()).getByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(backend.requests).toHaveLength(0);
  });

  it('restores the session of a browser that noted one and keeps Account', async () => {
    localStorage.setItem(SESSION_HINT_STORAGE_KEY, '1');
    const { load } = renderLazy();
    await waitFor(() => expect(load).toHaveBeenCalled());
    await waitFor(() =>
      expect(within(mainNav()).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe(
        '/dashboard?view=account',
      ),
    );
  });

  it('falls back to Sign In when the noted session has ended', async () => {
    localStorage.setItem(SESSION_HINT_STORAGE_KEY, '1');
    renderLazy(createFakeBackend({ session: null }));
    await waitFor(() => expect(within(mainNav()).getByRole('link', { name: 'Sign In' })).toBeTruthy());
    expect(localStorage.getItem(SESSION_HINT_STORAGE_KEY)).toBe('0');
  });
});
