import { describe, expect, it } from 'vitest';
import { markerLinks } from './marker-links';

const sources = [{ url: 'https://a.example/' }, { url: 'file:local' }];
const link = markerLinks(sources, {
  hrefOf: (source) => (source.url.startsWith('https:') ? source.url : undefined),
  labelOf: (_source, n) => `Source ${n}`,
  className: 'cite',
});

describe('markerLinks', () => {
  it('links each [n] to the n-th citation, leaving markers that cite nothing (or no web page) as text', () => {
    expect(link('Tides [1], see [2] and [3].')).toEqual([
      'Tides ',
      { text: '[1]', href: 'https://a.example/', label: 'Source 1', className: 'cite' },
      ', see [2] and [3].',
    ]);
  });

  it('leaves a Markdown link’s text alone and returns text without markers whole', () => {
    expect(link('[1](https://b.example/) only')).toEqual(['[1](https://b.example/) only']);
    expect(link('no markers')).toEqual(['no markers']);
  });

  it('finds citations by their own number when told how', () => {
    const moments = markerLinks([{ n: 4, url: 'https://v.example/?t=4' }], {
      hrefOf: (moment) => moment.url,
      labelOf: (moment) => `Moment ${moment.n}`,
      numberOf: (moment) => moment.n,
    });
    expect(moments('At [4] and [1].')).toEqual([
      'At ',
      { text: '[4]', href: 'https://v.example/?t=4', label: 'Moment 4' },
      ' and [1].',
    ]);
  });
});
