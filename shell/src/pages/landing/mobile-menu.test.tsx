import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

async function openMenu() {
  const app = renderApp('/', { backend: createFakeBackend({ session: null }) });
  const button = await screen.findByRole('button', { name: 'Menu' });
  return { app, button };
}

describe('the small-screen header menu', () => {
  it('says it is closed and which list it controls', async () => {
    const { button } = await openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel?.hidden).toBe(true);
  });

  it('opens Features, Pricing, the tools by category and Sign In, with focus on the first link', async () => {
    const user = userEvent.setup();
    const { button } = await openMenu();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    const features = within(nav).getByRole('link', { name: 'Features' });
    expect(document.activeElement).toBe(features);
    expect(features.getAttribute('href')).toBe('#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('#pricing');
    expect(within(nav).getByRole('heading', { name: 'Tools by category' })).toBeTruthy();
    const prompts = within(nav).getByRole('region', { name: 'AI Prompt' });
    expect(within(prompts).getByRole('link', { name: 'Magic Enhance' }).getAttribute('href')).toBe(
      '/tools/magic-enhance',
    );
    expect(within(nav).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('closes on Esc and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const { button } = await openMenu();
    await user.click(button);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
  });

  it('closes when a link is followed', async () => {
    const user = userEvent.setup();
    const { app, button } = await openMenu();
    await user.click(button);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Sign In' }),
    );
    await waitFor(() => expect(app.location()).toBe('/auth'));
  });
});
