// The legal and contact pages in the member's language (docs/architecture.md#languages): the body is written once per
// language, with the same sections and the same figures and addresses, and a Spanish reader finds no English prose.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, type Locale } from '@act/contracts';
import { createFakeBackend, renderApp } from '../../test-support/render-app';

afterEach(() => {
  setLocale('en');
});

interface PageCase {
  path: string;
  title: Record<Locale, string>;
  sentence: Record<Locale, string>;
}

const PAGES: PageCase[] = [
  {
    path: '/privacy-policy',
    title: { en: 'Privacy Policy', es: 'Política de privacidad' },
    sentence: { en: 'we never sell your data', es: 'nunca vendemos tus datos' },
  },
  {
    path: '/terms-of-service',
    title: { en: 'Terms of Service', es: 'Términos del servicio' },
    sentence: {
      en: 'Using the tools on this website needs an account',
      es: 'Para usar las herramientas de este sitio web se necesita una cuenta',
    },
  },
  {
    path: '/refund-policy',
    title: { en: 'Refund Policy', es: 'Política de reembolsos' },
    sentence: { en: 'PayPal: 1-2 business days', es: 'PayPal: de 1 a 2 días hábiles' },
  },
  {
    path: '/contact-us',
    title: { en: 'Contact Us', es: 'Contacto' },
    sentence: { en: 'Never send your password', es: 'No nos envíes nunca tu contraseña' },
  },
];

/** The page's article (title, intro and sections) as the member reads it in `locale`. */
async function readPage(path: string, locale: Locale, title: string): Promise<HTMLElement> {
  setLocale(locale);
  renderApp(path, { backend: createFakeBackend({ session: null }) });
  const heading = await screen.findByRole('heading', { level: 1, name: title });
  return heading.closest('article')!;
}

/** What must match between languages: the section headings' count, the list items', every figure and address. */
function shape(article: HTMLElement) {
  const text = article.textContent ?? '';
  return {
    sections: article.querySelectorAll('h2').length,
    items: article.querySelectorAll('li, tr').length,
    figures: (text.match(/\d[\d.,]*\d|\d/g) ?? []).map((figure) => figure.replace(/[.,]/g, '')),
    addresses: [...article.querySelectorAll('a')].map((link) => link.getAttribute('href')),
  };
}

describe.each(PAGES)('$path in each language', ({ path, title, sentence }) => {
  it('shows the English body in English', async () => {
    const text = (await readPage(path, 'en', title.en)).textContent;
    expect(text).toContain(sentence.en);
    expect(text).not.toContain(sentence.es);
  });

  it('shows the Spanish body in Spanish, with no English prose left', async () => {
    const text = (await readPage(path, 'es', title.es)).textContent;
    expect(text).toContain(sentence.es);
    expect(text).not.toContain(sentence.en);
    expect(text).not.toMatch(/\b(the|and|your|you|we|within|days)\b/i);
  });

  it('states the same sections, figures and addresses in both languages', async () => {
    const english = shape(await readPage(path, 'en', title.en));
    cleanup();
    const spanish = shape(await readPage(path, 'es', title.es));
    expect(english.sections).toBeGreaterThan(0);
    expect(spanish).toEqual(english);
  });
});
