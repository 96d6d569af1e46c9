// Every catalogue has exactly the English keys (docs/architecture.md#languages): a missing or extra key, a list of
// another length, a function with another arity or a lost {{placeholder}} fails here (and most of them already fail
// the typecheck through Catalogue<T>).
import { afterEach, describe, expect, it } from 'vitest';
import { formatCost, saveDollarsPerYear, UI_TEXTS, withCost } from '../ui-texts';
import type { CHAT_SHARE_TEXTS } from '../chat-share-texts';
import type { Catalogue } from './catalogue';
import { formatLongDate, formatNumber } from './format';
import { activeLocale, LOCALES, pickLocale } from './locale';
import { TEXT_CATALOGUES } from './register';
import { englishOptionTexts, englishPlanTexts, englishToolTexts } from './catalogue-views';
import { ES_OPTION_TEXTS } from './es/option-texts';
import { ES_PLAN_TEXTS, ES_TOOL_TEXTS } from './es/tool-texts';
import { ASPECT_RATIOS, IMAGE_MODELS, OUTPUT_LANGUAGE_TEXTS } from '../options';
import { getPlan } from '../plans';
import { getTool, TOOL_CATEGORY_TEXTS } from '../tools';
import { serverErrorText } from './server-error-texts';
import { setLocale } from './swap';
import { ERROR_TEXTS } from '../errors';
import { ImageDataUrlSchema } from '../api/common';
import { WebsiteUrlSchema } from '../api/chat-web';
import { ES_ERROR_TEXTS } from './es/error-texts';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').sort();
}

/** Every difference in shape between `english` and `translated`, as 'path: problem'. */
export function shapeDifferences(english: unknown, translated: unknown, path = ''): string[] {
  if (typeof english !== typeof translated)
    return [`${path}: ${typeof translated} instead of ${typeof english}`];
  if (typeof english === 'function' && typeof translated === 'function') {
    return english.length === translated.length ? [] : [`${path}: takes ${translated.length} arguments`];
  }
  if (typeof english === 'string' && typeof translated === 'string') {
    if (translated.trim() === '') return [`${path}: empty`];
    const [want, got] = [placeholders(english), placeholders(translated)];
    return want.join() === got.join()
      ? []
      : [`${path}: placeholders ${got.join()} instead of ${want.join()}`];
  }
  if (Array.isArray(english) || Array.isArray(translated)) {
    if (!Array.isArray(english) || !Array.isArray(translated) || english.length !== translated.length) {
      return [`${path}: list of another length`];
    }
    return english.flatMap((item, index) => shapeDifferences(item, translated[index], `${path}[${index}]`));
  }
  if (typeof english === 'object' && english && typeof translated === 'object' && translated) {
    const keys = new Set([...Object.keys(english), ...Object.keys(translated)]);
    return [...keys].flatMap((key) => {
      const at = path ? `${path}.${key}` : key;
      if (!(key in translated)) return [`${at}: missing`];
      if (!(key in english)) return [`${at}: extra`];
      return shapeDifferences(
        (english as Record<string, unknown>)[key],
        (translated as Record<string, unknown>)[key],
        at,
      );
    });
  }
  return english === translated ? [] : [`${path}: ${String(translated)} instead of ${String(english)}`];
}

afterEach(() => setLocale('en'));

describe('catalogues', () => {
  it.each(TEXT_CATALOGUES.map((entry) => [entry.name, entry] as const))(
    '%s: the Spanish catalogue has every English key and no other',
    (_name, { en, es }) => {
      expect(shapeDifferences(en, es)).toEqual([]);
    },
  );

  it('translates every tool text, plan text and option label, and switches the tables in place', () => {
    expect(shapeDifferences(englishToolTexts(), ES_TOOL_TEXTS)).toEqual([]);
    expect(shapeDifferences(englishPlanTexts(), ES_PLAN_TEXTS)).toEqual([]);
    expect(shapeDifferences(englishOptionTexts(), ES_OPTION_TEXTS)).toEqual([]);
    const english = getTool('cartoonify').description;
    const square = ASPECT_RATIOS[0]!;
    setLocale('es');
    expect(getTool('cartoonify').description).toBe(ES_TOOL_TEXTS.cartoonify.description);
    expect(getTool('cartoonify').seoTitle).toBe('Cartoonify: de foto a dibujo animado | AI Creative Toolbox');
    expect(getTool('cartoonify').seoDescription).toMatch(/^Convierte fotos en ilustraciones/);
    expect(getTool('cartoonify').name).toBe('Cartoonify');
    // A category stays an English id (grouping, heading ids); only its displayed name switches.
    expect(getTool('cartoonify').category).toBe('Create with AI');
    expect(TOOL_CATEGORY_TEXTS['Create with AI']).toBe('Crea con IA');
    expect(ASPECT_RATIOS[0]).toBe(square);
    expect(square).toMatchObject({ id: 'square', label: 'Cuadrado', ratio: '1:1' });
    expect(IMAGE_MODELS[0]?.label).toBe('Imagen 4 Preview');
    expect(OUTPUT_LANGUAGE_TEXTS.Spanish).toBe('Español');
    expect(getPlan('premium').creditsLabel).toBe('1500 créditos al mes');
    setLocale('en');
    expect(getTool('cartoonify').description).toBe(english);
    expect(getPlan('premium').features).toContain('Priority support');
    expect(getTool('cartoonify').seoTitle).toBe('Cartoonify: Photo to Cartoon | AI Creative Toolbox');
    expect(TOOL_CATEGORY_TEXTS['Create with AI']).toBe('Create with AI');
    expect(square.label).toBe('Square');
  });

  it('reports a missing key, an extra key, a lost placeholder and another arity', () => {
    const english = { a: 'A', list: ['x', 'y'], hint: 'Write {{name}}', fn: (n: number) => `${n}` };
    const broken = { list: ['x'], hint: 'Escribe {{nombre}}', fn: () => '', extra: 'E' };
    expect(shapeDifferences(english, broken)).toEqual([
      'a: missing',
      'list: list of another length',
      'hint: placeholders nombre instead of name',
      'fn: takes 0 arguments',
      'extra: extra',
    ]);
  });

  it('makes a catalogue without a key fail the typecheck', () => {
    // @ts-expect-error: `notFoundTitle` and the rest are missing.
    const partial: Catalogue<typeof CHAT_SHARE_TEXTS> = { share: 'Compartir' };
    expect(partial.share).toBe('Compartir');
  });
});

describe('switching language', () => {
  it('rewrites the exported texts in place, helpers and formatting included, and switches back', () => {
    const landing = UI_TEXTS.landing;
    setLocale('es');
    expect(activeLocale()).toBe('es');
    expect(UI_TEXTS.landing).toBe(landing);
    expect(UI_TEXTS.landing.heroTitle).toBe('Tu AI Creative Toolbox');
    expect(UI_TEXTS.share.share).toBe('Compartir');
    expect(formatCost(1500)).toBe('1500 créditos');
    expect(formatCost(12000)).toBe('12.000 créditos');
    expect(formatCost(0)).toBe('Gratis');
    expect(withCost('Mejorar', 1)).toBe('Mejorar (1 crédito)');
    expect(saveDollarsPerYear(75)).toBe('Ahorra 75 $ al año');
    expect(formatLongDate('2025-01-05T12:00:00Z')).toBe('5 de enero de 2025');
    setLocale('en');
    expect(UI_TEXTS.landing.heroTitle).toBe('Your AI Creative Toolbox');
    expect(formatCost(1500)).toBe('1,500 credits');
    expect(formatNumber(12000)).toBe('12,000');
    expect(formatLongDate('2025-01-05T12:00:00Z')).toBe('January 5, 2025');
  });

  it("words a mapped server refusal in the page's language, and keeps the server's own text in English", () => {
    const serverText = 'Insufficient credits. Dictating this recording needs 3 credits.';
    expect(serverErrorText('INSUFFICIENT_CREDITS', serverText)).toBe(serverText);
    setLocale('es');
    expect(serverErrorText('INSUFFICIENT_CREDITS', serverText)).toMatch(/^Créditos insuficientes/);
    expect(serverErrorText('VALIDATION_FAILED', 'Please enter a prompt')).toBe('Please enter a prompt');
  });

  it("refuses a field in the page's language, and in English wherever nothing switched (every server)", () => {
    const refusal = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    expect(refusal(ImageDataUrlSchema.safeParse('not an image'))).toBe(
      'Please select a valid image file (PNG, JPG, JPEG, WebP)',
    );
    setLocale('es');
    expect(ERROR_TEXTS.validation.enterPrompt).toBe('Escribe un prompt');
    expect(refusal(ImageDataUrlSchema.safeParse('not an image'))).toBe(
      ES_ERROR_TEXTS.validation.invalidImage,
    );
    expect(refusal(WebsiteUrlSchema.safeParse('nope'))).toMatch(/^Introduce una URL de sitio web válida/);
    setLocale('en');
    expect(refusal(WebsiteUrlSchema.safeParse('nope'))).toMatch(/^Please enter a valid website URL/);
  });

  it("picks the first of the browser's languages that exists, else English", () => {
    expect(pickLocale(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(pickLocale(['EN-gb'])).toBe('en');
    expect(pickLocale(['de', null, undefined])).toBe('en');
    expect(LOCALES).toEqual(['en', 'es']);
  });
});
