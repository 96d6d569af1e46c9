// The web chat's pieces on their own: text fragments, passages and BM25, the local answer and readable HTML (the
// citation renumbering is the kit's: packages/service-kit/src/citation-numbers.test.ts).
import { describe, expect, it } from 'vitest';
import { textFragmentUrl } from './citations';
import { localAnswer } from './grounding';
import { rankPassages, selectPassages } from '@act/service-kit';
import { splitPassages } from './passages';

describe('text fragments', () => {
  it('points at a passage by its first and last words, escaping what the directive reserves', () => {
    expect(textFragmentUrl('https://a.example/page#top', 'Short, well-known text')).toBe(
      'https://a.example/page#:~:text=Short%2C%20well%2Dknown%20text',
    );
    const long = 'one two three four five six seven eight nine ten eleven twelve';
    expect(decodeURIComponent(textFragmentUrl('https://a.example/', long))).toBe(
      'https://a.example/#:~:text=one two three four five,eight nine ten eleven twelve',
    );
  });
});

describe('passages and BM25', () => {
  const text = [
    'Heading',
    'The harbour was dredged in 1901 so that steamers could dock at low tide.',
    'Fishing boats landed herring and mackerel every morning at the harbour wall.',
    'The town hall burned down in 1923 and was rebuilt in red brick.',
  ].join('\n\n');
  const passages = splitPassages(text);

  it('joins short pieces to the next and ranks passages by the question', () => {
    expect(passages[0]!.startsWith('Heading The harbour was dredged')).toBe(true);
    expect(rankPassages(passages, 'When did the town hall burn?')[0]!.index).toBe(2);
    expect(rankPassages(passages, 'zebra')).toEqual([]);
  });

  it('puts the related passages first and fills up with the page start', () => {
    expect(selectPassages(passages, 'herring', 10_000)).toEqual([1, 0, 2]);
    expect(selectPassages(passages, 'herring', 100)).toEqual([1]);
  });

  it('answers locally with the best passage first, or the page start when nothing matches', () => {
    const page = { url: 'https://t.example/', title: 'Town', passages };
    const answer = localAnswer(page, 'town hall fire');
    expect(answer.text).toContain(`> ${passages[2]} [1]`);
    expect(answer.citations[0]!.quote).toBe(passages[2]);
    expect(localAnswer(page, 'zebra').text).toMatch(/^No passage of the page matches your question/);
  });
});

describe('readable HTML', () => {
  it('keeps the article, drops navigation and footer, and reads a page in its declared charset', async () => {
    const { readableHtml } = await import('./page-reader');
    const html =
      '<html><head><title>Café notes</title></head><body><nav>Home · Menu</nav><article><h1>Café notes</h1>' +
      '<p>The café opened in 1920 on the harbour front, serving coffee to the fishermen before dawn.</p>' +
      '<p>Its crème brûlée became famous across the county after a newspaper review in 1934.</p>' +
      '</article><footer>All rights reserved</footer></body></html>';
    const { title, text } = readableHtml(html, 'https://c.example/notes');
    expect(title).toBe('Café notes');
    expect(text).toContain('The café opened in 1920');
    expect(text).toContain('\n\nIts crème brûlée');
    expect(text).not.toContain('All rights reserved');
  });
});
