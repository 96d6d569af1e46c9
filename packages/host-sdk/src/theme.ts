// The member's theme choice (docs/architecture.md#themes): Light, Dark or System, remembered in localStorage and
// shared by the shell and every remote through the host-sdk singleton. shell/public/theme-boot.js applies the same
// two rules before the first paint and follows the system setting; this module changes the choice afterwards.
import { THEME_CHOICES, type ThemeChoice } from '@act/contracts';
import { createStore, useStoreState } from './store';

/** The localStorage key theme-boot.js reads. */
export const THEME_STORAGE_KEY = 'act-theme';

function storedChoice(): ThemeChoice {
  try {
    const value = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return (THEME_CHOICES as readonly string[]).includes(value ?? '') ? (value as ThemeChoice) : 'system';
  } catch {
    // Storage refused (private mode, a sandbox): the system setting decides.
    return 'system';
  }
}

/** The theme a choice shows now: System follows `prefers-color-scheme`. */
export function resolvedTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const themeStore = createStore<ThemeChoice>(storedChoice());

/** Remembers the choice and shows it at once, on every open tab (theme-boot.js listens to the storage event). */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered, still shown for this page.
  }
  document.documentElement.setAttribute('data-theme', resolvedTheme(choice));
  themeStore.setState(choice);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) themeStore.setState(storedChoice());
  });
}

/** The current choice; re-renders when it changes here or in another tab. */
export function useThemeChoice(): ThemeChoice {
  return useStoreState(themeStore);
}
