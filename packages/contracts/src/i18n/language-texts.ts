// The language switcher's words (docs/product-rules.md#languages): in the public footer and on the account page.
// Each language's own name is LOCALE_NAMES, never translated.
import { LOCALES } from './locale';

export const LANGUAGE_TEXTS = {
  label: 'Language',
  accountTitle: 'Language',
  accountHint: 'Every screen and the e-mails we send you use this language.',
  saveFailed: 'Your language could not be saved to your account; it still applies on this device.',
};

/** The server's refusal of a language it does not have (PATCH /api/identity/user). */
export const LANGUAGE_ERRORS = {
  invalidLocale: `Please choose one of the languages: ${LOCALES.join(', ')}`,
} as const;
