// The offline page in the member's language (docs/architecture.md#service-worker): the build writes English in place
// and every language's words as data, and the shipped public/offline.js shows the language lang-boot.js chose.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { OFFLINE_TEXTS, withLocale } from '@act/contracts';
import { OFFLINE_PAGE_TEMPLATE, offlineTextsByLocale, renderOfflinePage } from './offline-page';

const shellDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const template = readFileSync(path.join(shellDir, OFFLINE_PAGE_TEMPLATE), 'utf8');
const offlineScript = readFileSync(path.join(shellDir, 'public/offline.js'), 'utf8');
const SPANISH = withLocale('es', () => ({ ...OFFLINE_TEXTS }));

/** The built page as a browser opens it after lang-boot.js wrote `lang`, with offline.js run on it. */
function openOffline(lang: string): Document {
  const page = new DOMParser().parseFromString(renderOfflinePage(template), 'text/html');
  page.documentElement.lang = lang;
  vm.runInNewContext(offlineScript, { document: page, JSON });
  return page;
}

function shownTexts(page: Document) {
  return {
    pageTitle: page.title,
    title: page.querySelector('h1')?.textContent,
    body: page.querySelector('p')?.textContent,
    retry: page.querySelector('a')?.textContent,
  };
}

describe('offline page', () => {
  it("is written in English, with every language's words as data and no marker left", () => {
    const html = renderOfflinePage(template);
    expect(html).not.toMatch(/%[A-Z_]+%/);
    expect(offlineTextsByLocale()).toEqual({ en: { ...OFFLINE_TEXTS }, es: SPANISH });
    expect(SPANISH.title).toBe('Estás sin conexión');
    expect(shownTexts(new DOMParser().parseFromString(html, 'text/html'))).toEqual({ ...OFFLINE_TEXTS });
  });

  it('shows a Spanish member the Spanish words and title', () => {
    expect(shownTexts(openOffline('es'))).toEqual(SPANISH);
  });

  it('stays English for English and for a language it has no words for', () => {
    expect(shownTexts(openOffline('en'))).toEqual({ ...OFFLINE_TEXTS });
    expect(shownTexts(openOffline('fr'))).toEqual({ ...OFFLINE_TEXTS });
  });

  it('keeps a text that could close its data block from doing so', () => {
    const html = renderOfflinePage(template);
    const data = html.slice(html.indexOf('id="offline-texts"'));
    expect(data.indexOf('</script>')).toBeGreaterThan(data.indexOf('"es"'));
  });
});
