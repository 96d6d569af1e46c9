// Switching languages by rewriting the exported texts objects in place (docs/architecture.md#languages): every
// component keeps importing UI_TEXTS and friends as constants, and whatever reads them after the switch (which runs
// once, before the first render) reads the active language. Remotes share the contracts module through Module
// Federation, so they read the same, already switched objects.
import { activeLocale, isLocale, markActiveLocale, type Locale } from './locale';

type Texts = Record<string, unknown>;

interface Entry {
  target: Texts;
  english: Texts;
  translations: Partial<Record<Locale, Texts>>;
}

const entries: Entry[] = [];

function isPlainObject(value: unknown): value is Texts {
  return typeof value === 'object' && value !== null;
}

/** A copy of the texts tree: objects and arrays copied, strings and functions shared. */
function snapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snapshot);
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, snapshot(v)]));
  return value;
}

/** Writes `source`'s leaves into `target`, keeping every object and array `target` already holds. */
function assignInPlace(target: Texts, source: Texts): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isPlainObject(value) && isPlainObject(current)) assignInPlace(current, value);
    else target[key] = value;
  }
}

/** Registers an English texts object with its translations (whose shapes `Catalogue<T>` has checked). */
export function registerTexts<T extends object>(
  english: T,
  translations: Partial<Record<Locale, object>>,
): void {
  entries.push({
    target: english as Texts,
    english: snapshot(english) as Texts,
    translations: translations as Partial<Record<Locale, Texts>>,
  });
}

/** Shows every registered text in `locale` (English where a catalogue lacks a language). */
export function setLocale(locale: Locale): void {
  const chosen = isLocale(locale) ? locale : 'en';
  for (const entry of entries) assignInPlace(entry.target, entry.translations[chosen] ?? entry.english);
  markActiveLocale(chosen);
}

/** Runs `build` with the texts in `locale`, then restores the language that was active (build-time output). */
export function withLocale<R>(locale: Locale, build: () => R): R {
  const previous = activeLocale();
  setLocale(locale);
  try {
    return build();
  } finally {
    setLocale(previous);
  }
}
