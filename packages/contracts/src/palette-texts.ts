// The keyboard's words (docs/product-rules.md#keyboard-shortcuts): the command palette (Ctrl/Cmd+K), the list of
// shortcuts (?) and the offline page. Tests take their labels from here.
import { ACCOUNT_PATH, PLANS_PATH } from './return-path';
import { LIBRARY_PATH } from './library-texts';

/** The palette's entries besides the tools, in the order they are listed before any typing. */
export const PALETTE_PAGES = [
  { id: 'dashboard', name: 'Dashboard', path: '/dashboard' },
  { id: 'library', name: 'Library', path: LIBRARY_PATH },
  { id: 'account', name: 'Account', path: ACCOUNT_PATH },
  { id: 'plans', name: 'Plans', path: PLANS_PATH },
] as const;

/** The shortcuts the `?` list shows, in its order; `keys` are written for both platforms. */
export const SHORTCUTS = [
  { id: 'palette', keys: 'Ctrl+K / ⌘K', action: 'Open the command palette' },
  { id: 'run', keys: 'Ctrl+Enter / ⌘Enter', action: 'Run the current tool (also while typing in its field)' },
  { id: 'help', keys: '?', action: 'Show the keyboard shortcuts' },
  { id: 'close', keys: 'Esc', action: 'Close the palette or this list' },
] as const;

export const PALETTE_TEXTS = {
  title: 'Command palette',
  inputLabel: 'Go to a tool or page',
  placeholder: 'Type a tool or page name…',
  listLabel: 'Tools and pages',
  noMatches: 'Nothing matches.',
  hint: 'Arrows to move, Enter to open, Esc to close.',
  pageGroup: 'Page',
  toolGroup: 'Tool',
  shortcutsTitle: 'Keyboard shortcuts',
  shortcutsKeys: 'Keys',
  shortcutsAction: 'Action',
} as const;

/**
 * The offline page the service worker shows when a page cannot load (docs/architecture.md#service-worker). It runs
 * no app code: the shell's build writes these words, in every language, into offline.html
 * (shell/src/offline/offline-page.ts), and its small script shows the page's language.
 */
export const OFFLINE_TEXTS = {
  pageTitle: 'Offline | AI Creative Toolbox',
  title: 'You are offline',
  body: 'AI Creative Toolbox needs a connection to load this page. Your work is saved on our servers; nothing is lost.',
  retry: 'Try again',
} as const;
