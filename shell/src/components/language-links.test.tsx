// The footer's language switcher and the public data's language: the page shows the data of <html lang>'s language,
// each language is a link to `?lang=<id>` under its own name, and the page's own is marked current.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import '../test-support/public-data-global';

afterEach(() => {
  cleanup();
  document.documentElement.lang = '';
  vi.resetModules();
});

async function renderFooterIn(lang: string) {
  document.documentElement.lang = lang;
  vi.resetModules();
  const { SiteFooter } = await import('./site-footer');
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  return screen.getByRole('contentinfo');
}

describe('language links', () => {
  it('lists English and Español as links to ?lang=, the English page marking English', async () => {
    const footer = await renderFooterIn('en');
    const nav = within(footer).getByRole('navigation', { name: 'Language' });
    const english = within(nav).getByRole('link', { name: 'English' });
    const spanish = within(nav).getByRole('link', { name: 'Español' });
    expect(english.getAttribute('href')).toBe('?lang=en');
    expect(spanish.getAttribute('href')).toBe('?lang=es');
    expect(spanish.getAttribute('lang')).toBe('es');
    expect(english.getAttribute('aria-current')).toBe('true');
    expect(spanish.getAttribute('aria-current')).toBeNull();
    expect(within(footer).getByText('Privacy Policy')).toBeTruthy();
  });

  it("shows a Spanish page's footer in Spanish, with Español current", async () => {
    const footer = await renderFooterIn('es');
    const nav = within(footer).getByRole('navigation', { name: 'Idioma' });
    expect(within(nav).getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
    expect(within(footer).getByText('Política de privacidad')).toBeTruthy();
    expect(within(footer).getByRole('heading', { name: 'Empresa' })).toBeTruthy();
  });
});
