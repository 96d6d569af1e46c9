// The interface's languages (docs/architecture.md#languages): which exist, how one is picked and the active one.
// The browser picks once at start-up (shell/public/lang-boot.js writes it into <html lang>); servers stay English
// unless they ask for a catalogue by name (identity's e-mails).

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The localStorage key of the member's choice; lang-boot.js reads the same key. */
export const LOCALE_STORAGE_KEY = 'act-lang';

/** The query parameter that picks a language for a link (`?lang=es`), remembered like a choice. */
export const LOCALE_PARAM = 'lang';

/** Each language's name in itself: the switcher shows these, untranslated, so a reader finds their own. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

/** The Intl locale each language formats numbers and dates with. */
const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', es: 'es-ES' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first candidate ('es-ES', 'es', 'EN-gb') whose language we have, else English. */
export function pickLocale(candidates: readonly (string | null | undefined)[]): Locale {
  for (const candidate of candidates) {
    const language = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

let active: Locale = DEFAULT_LOCALE;

/** The language the texts are in now. */
export function activeLocale(): Locale {
  return active;
}

/** Only for setLocale (catalogues.ts), which swaps the texts at the same time. */
export function markActiveLocale(locale: Locale): void {
  active = locale;
}

export function intlLocale(locale: Locale = active): string {
  return INTL_LOCALES[locale];
}
