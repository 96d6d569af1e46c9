import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PALETTE_PAGES, PALETTE_TEXTS, SHORTCUTS } from '@act/contracts';
import { renderApp } from '../../test-support/render-app';

async function openDashboard() {
  const user = userEvent.setup();
  const app = renderApp('/dashboard');
  await screen.findByRole('heading', { name: /Welcome back/ });
  return { user, app };
}

const combobox = () => screen.getByRole('combobox', { name: PALETTE_TEXTS.inputLabel });
const optionNames = () =>
  within(screen.getByRole('listbox', { name: PALETTE_TEXTS.listLabel }))
    .getAllByRole('option')
    .map((option) => option.querySelector('.sh-palette__name')?.textContent);
const activeName = () =>
  document
    .getElementById(combobox().getAttribute('aria-activedescendant') ?? '')
    ?.querySelector('.sh-palette__name')?.textContent;

describe('command palette', () => {
  it('opens on Ctrl+K with the pages first, and Cartoonify leads for "cartoon"; Enter opens it', async () => {
    const { user, app } = await openDashboard();
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('dialog', { name: PALETTE_TEXTS.title })).toBeTruthy();
    expect(document.activeElement).toBe(combobox());
    expect(optionNames().slice(0, PALETTE_PAGES.length)).toEqual(PALETTE_PAGES.map((page) => page.name));
    expect(optionNames()).toContain('Cartoonify');

    await user.type(combobox(), 'cartoon');
    expect(optionNames()[0]).toBe('Cartoonify');
    expect(activeName()).toBe('Cartoonify');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/tools/cartoonify'));
    expect(screen.queryByRole('dialog', { name: PALETTE_TEXTS.title })).toBeNull();
  });

  it('moves the active option with the arrows (wrapping), opens a page with Enter, and says when nothing matches', async () => {
    const { user, app } = await openDashboard();
    await user.keyboard('{Meta>}k{/Meta}');
    expect(activeName()).toBe(PALETTE_PAGES[0].name);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeName()).toBe(PALETTE_PAGES[2].name);
    expect(
      screen.getByRole('option', { name: new RegExp(PALETTE_PAGES[2].name) }).getAttribute('aria-selected'),
    ).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(activeName()).toBe(optionNames().at(-1));

    await user.type(combobox(), 'zzzq');
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe(PALETTE_TEXTS.noMatches);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    await user.clear(combobox());
    await user.type(combobox(), 'library');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.location()).toBe('/library'));
  });

  it('closes on Escape and opens fresh the next time', async () => {
    const { user } = await openDashboard();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), 'voice');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.keyboard('{Control>}k{/Control}');
    expect((combobox() as HTMLInputElement).value).toBe('');
  });
});

describe('shortcuts list', () => {
  it('opens on ? with every shortcut, but not while typing in a field', async () => {
    const { user } = await openDashboard();
    await user.keyboard('?');
    const dialog = screen.getByRole('dialog', { name: PALETTE_TEXTS.shortcutsTitle });
    for (const shortcut of SHORTCUTS) expect(within(dialog).getByText(shortcut.action)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // In the palette's own field, ? is a letter of the search.
    await user.keyboard('{Control>}k{/Control}');
    await user.type(combobox(), '?');
    expect((combobox() as HTMLInputElement).value).toBe('?');
    expect(screen.queryByRole('dialog', { name: PALETTE_TEXTS.shortcutsTitle })).toBeNull();
  });
});
