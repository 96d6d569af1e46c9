// Deep Search's pieces on their own: the plan's parsing, the Markdown of the pages read, and the two search
// adapters against the fake's wire formats (junk, errors and a wrong key become ProviderErrors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProviderError } from '@act/service-kit';
import { FAKE_BRAVE_KEY, startFakeSearch, type FakeSearch } from '../test-support/fake-search';
import { sourcesReadMarkdown } from './report';
import { parsePlan } from './research';
import { createBraveSearchProvider, createSearxngProvider } from './search-provider';

let fake: FakeSearch;
const signal = new AbortController().signal;

beforeAll(async () => {
  fake = await startFakeSearch();
});
afterAll(() => fake?.close());

describe('parsePlan', () => {
  it('takes one query a line, without numbering, quotes, blanks or repeats, at most max', () => {
    expect(parsePlan('1. "tides"\n- moon\n\n* Moon\n2) gravity\nmore', 'q', 3)).toEqual([
      'tides',
      'moon',
      'gravity',
    ]);
  });
  it('falls back to the question', () => {
    expect(parsePlan(' \n-\n', 'Why are there tides?', 3)).toEqual(['Why are there tides?']);
  });
});

describe('sourcesReadMarkdown', () => {
  it('lists the pages as links whose titles cannot break the Markdown', () => {
    expect(sourcesReadMarkdown([{ url: 'https://a.test/x y', title: 'A [b]' }])).toContain(
      '1. [A \\[b\\]](<https://a.test/x%20y>)',
    );
  });
});

describe('search adapters', () => {
  const results = [
    { url: 'https://a.test/', title: 'A', snippet: 'a' },
    { url: 'javascript:alert(1)', title: 'bad', snippet: '' },
  ];

  it('read SearXNG and Brave results, keeping only http(s) pages', async () => {
    fake.answer = () => ({ kind: 'results', results });
    const expected = [{ url: 'https://a.test/', title: 'A', snippet: 'a' }];
    expect(await createSearxngProvider(fake.baseUrl).search('q', { signal, count: 5 })).toEqual(expected);
    expect(
      await createBraveSearchProvider(FAKE_BRAVE_KEY, fake.baseUrl).search('q', { signal, count: 5 }),
    ).toEqual(expected);
  });

  it('turn junk, error statuses and a wrong key into ProviderErrors', async () => {
    const searxng = createSearxngProvider(fake.baseUrl);
    fake.answer = () => ({ kind: 'junk', body: '{"results": "nope"}' });
    await expect(searxng.search('q', { signal, count: 5 })).rejects.toSatisfy(isProviderError);
    fake.answer = () => ({ kind: 'junk', body: 'not json' });
    await expect(searxng.search('q', { signal, count: 5 })).rejects.toSatisfy(isProviderError);
    fake.answer = () => ({ kind: 'status', status: 503 });
    await expect(searxng.search('q', { signal, count: 5 })).rejects.toMatchObject({ status: 503 });
    fake.answer = () => ({ kind: 'results', results });
    await expect(
      createBraveSearchProvider('wrong', fake.baseUrl).search('q', { signal, count: 5 }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('give up on a provider that hangs after its time limit', async () => {
    fake.answer = () => ({ kind: 'hang' });
    await expect(
      createSearxngProvider(fake.baseUrl, 200).search('q', { signal, count: 5 }),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});
