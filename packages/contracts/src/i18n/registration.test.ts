// Every texts object is registered (docs/architecture.md#languages): a texts module whose Spanish catalogue exists
// but is missing from TEXT_CATALOGUES, or that has no catalogue at all, leaves its screens English in Spanish. The
// typecheck cannot see that; this test can: it fails on any exported `*_TEXTS`, `*_ERRORS` or `*_SEO` object of
// contracts that TEXT_CATALOGUES does not hold, unless it is listed below with the reason it stays English.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import { TEXT_CATALOGUES } from './register';

const TEXTS_NAME = /^[A-Z][A-Z0-9_]*_(TEXTS|ERRORS|SEO)$/;

/** Texts objects that are deliberately not translated, each with why. Keep it short. */
const UNTRANSLATED: Readonly<Record<string, string>> = {};

const SOURCE = join(import.meta.dirname, '..');

/** Every `export const NAME` of contracts' own modules (not tests, not the catalogues themselves). */
function declaredTextsNames(dir = SOURCE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return /^[a-z]{2}$/.test(entry.name) ? [] : declaredTextsNames(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    const declared = readFileSync(path, 'utf8').matchAll(/^export const ([A-Z][A-Z0-9_]*)\b/gm);
    return [...declared].map((match) => match[1] ?? '').filter((name) => TEXTS_NAME.test(name));
  });
}

const registered = new Map<string, object>(TEXT_CATALOGUES.map((entry) => [entry.name, entry.en]));

describe('registration of every texts object', () => {
  it('finds the texts objects of the package entry and of every module', () => {
    // A guard for the scan itself: were the patterns broken, the checks below would pass on nothing.
    expect(Object.keys(contracts)).toContain('ERROR_TEXTS');
    expect(declaredTextsNames()).toContain('CHAT_WORKSPACE_TEXTS');
  });

  it('registers every texts object the package entry exports, as that very object', () => {
    const missing = Object.entries(contracts)
      .filter(([name]) => TEXTS_NAME.test(name) && !(name in UNTRANSLATED))
      .filter(([name, value]) => registered.get(name) !== value)
      .map(([name]) => name);
    expect(missing, 'add each to TEXT_CATALOGUES (i18n/register.ts) with its catalogues').toEqual([]);
  });

  it('registers every texts object a module declares, exported by the entry or not', () => {
    const missing = declaredTextsNames().filter((name) => !registered.has(name) && !(name in UNTRANSLATED));
    expect(missing, 'add each to TEXT_CATALOGUES (i18n/register.ts) with its catalogues').toEqual([]);
  });

  it('lists as untranslated only texts objects that exist and are not registered', () => {
    const declared = new Set(declaredTextsNames());
    const stale = Object.keys(UNTRANSLATED).filter((name) => !declared.has(name) || registered.has(name));
    expect(stale, 'remove these from UNTRANSLATED').toEqual([]);
  });
});
