// The theme choice: the account switch and the header select share one remembered choice, show it on the document
// at once, and follow a change made in another tab.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEME_TEXTS } from '@act/contracts';
import { setThemeChoice, THEME_STORAGE_KEY } from '../theme';
import { ThemeSwitch } from './theme-controls';

beforeEach(() => setThemeChoice('system'));
afterEach(cleanup);

describe('ThemeSwitch', () => {
  it('remembers Dark and shows it on the document at once', async () => {
    render(<ThemeSwitch />);
    await userEvent.click(screen.getByRole('radio', { name: THEME_TEXTS.choices.dark }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('radio', { name: THEME_TEXTS.choices.dark }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('shows System as the light theme when the device asks for none', () => {
    render(<ThemeSwitch />);
    expect(screen.getByRole('radio', { name: THEME_TEXTS.choices.system }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows a choice made in another tab', () => {
    render(<ThemeSwitch />);
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'light' }));
    });
    expect(screen.getByRole('radio', { name: THEME_TEXTS.choices.light }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });
});
