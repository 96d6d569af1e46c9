// `[n]` markers renumbered by first use: streamed chunk by chunk (the web chat) and as a whole text (Ask this video).
import { describe, expect, it } from 'vitest';
import { createCitationRenumberer, renumberCitations } from './citation-numbers';

const SOURCES = [1, 2, 3, 4].map((n) => ({ url: `https://p.example/#${n}`, quote: `passage ${n}` }));

function run(chunks: string[]) {
  const announced: number[] = [];
  const renumberer = createCitationRenumberer(SOURCES, (list) => announced.push(list.length));
  const text = chunks.map((chunk) => renumberer.push(chunk)).join('') + renumberer.end();
  return { text, citations: renumberer.cited.map((c) => c.quote), announced };
}

describe('citation renumbering, streamed', () => {
  it('numbers sources by first use, across markers cut between chunks, and drops unknown ones', () => {
    expect(run(['Cats [3', '] and dogs [1, 3]', '. Birds [9][', '1].'])).toEqual({
      text: 'Cats [1] and dogs [2][1]. Birds [2].',
      citations: ['passage 3', 'passage 1'],
      announced: [1, 2],
    });
  });

  it('leaves Markdown links and text in brackets alone, and flushes a held-back bracket at the end', () => {
    expect(run(['See [the docs](https://x.example) [note] and [', '']).text).toBe(
      'See [the docs](https://x.example) [note] and [',
    );
  });
});

describe('citation renumbering, whole text', () => {
  it('gives what the streamed form gives for the same text in one piece', () => {
    const whole = renumberCitations('Cats [3] and dogs [1, 3]. Birds [9][1].', SOURCES);
    expect({ text: whole.text, citations: whole.cited.map((c) => c.quote) }).toEqual({
      text: 'Cats [1] and dogs [2][1]. Birds [2].',
      citations: ['passage 3', 'passage 1'],
    });
  });

  it('leaves a text without markers as it is, citing nothing', () => {
    expect(renumberCitations('No sources here.', SOURCES)).toEqual({ text: 'No sources here.', cited: [] });
  });
});
