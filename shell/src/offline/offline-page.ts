// The offline page the service worker shows when a page cannot load (docs/architecture.md#service-worker), made by
// the shell's build from its template and OFFLINE_TEXTS: English written in place (what shows if no script runs),
// and every language's words in a data block from which public/offline.js shows the one lang-boot.js chose.
import { LOCALES, OFFLINE_TEXTS, withLocale, type Locale } from '@act/contracts';

/** The template's path from the shell's root (its markers: %PAGE_TITLE%, %TITLE%, …). */
export const OFFLINE_PAGE_TEMPLATE = 'src/offline/offline-page.html';

type OfflineTexts = { -readonly [K in keyof typeof OFFLINE_TEXTS]: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Each language's offline words (a copy taken while it is active: the texts objects are switched in place). */
export function offlineTextsByLocale(): Record<Locale, OfflineTexts> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, withLocale(locale, () => ({ ...OFFLINE_TEXTS }))]),
  ) as Record<Locale, OfflineTexts>;
}

/** The offline page's HTML, from the template's text. */
export function renderOfflinePage(template: string): string {
  const byLocale = offlineTextsByLocale();
  const english = byLocale.en;
  // `<` escaped so no text can close the data block's <script> element.
  const data = JSON.stringify(byLocale).replace(/</g, '\\u003c');
  const fills: Record<string, string> = {
    '%PAGE_TITLE%': escapeHtml(english.pageTitle),
    '%TITLE%': escapeHtml(english.title),
    '%BODY%': escapeHtml(english.body),
    '%RETRY%': escapeHtml(english.retry),
    '%TEXTS_BY_LOCALE%': data,
  };
  return template.replace(/%[A-Z_]+%/g, (marker) => fills[marker] ?? marker);
}
