// The pure parts of "Ask this video": a transcript cut into passages, the moments the model may cite (at the line that
// best matches the question) and the answer's markers renumbered by first use.
import { describe, expect, it } from 'vitest';
import { citedAnswer, questionPrompt, transcriptPassages, type VideoSource } from './video-questions';

const line = (seconds: number, text: string) => ({ startMs: seconds * 1000, text });

describe('transcript passages', () => {
  it('gathers consecutive lines into passages under 400 characters and a minute, skipping empty lines', () => {
    const lines = [
      line(0, 'a'.repeat(250)),
      line(5, ' '),
      line(6, 'b'.repeat(200)),
      line(10, 'short one.'),
      line(75, 'after a minute.'),
    ];
    const passages = transcriptPassages(lines);
    expect(passages.map((p) => [p.startMs, p.endMs, p.lines.length])).toEqual([
      [0, 6_000, 1],
      [6_000, 75_000, 2],
      [75_000, 75_000, 1],
    ]);
    expect(passages[1]!.text).toBe(`${'b'.repeat(200)} short one.`);
  });
});

describe('question prompt', () => {
  it('numbers the most related passages first and cites each at its best-matching line', () => {
    const segments = [
      line(0, 'Welcome to the cooking show.'),
      line(70, 'First we chop the onions finely.'),
      line(75, 'Then the garlic goes in the pan.'),
      line(140, 'Finally we taste the sauce.'),
    ];
    const prompt = questionPrompt(
      { videoId: 'aqz-KE-bpKQ', title: 'Cooking' },
      segments,
      'When is the garlic added?',
    );
    expect(prompt.system).toContain(
      '[1] (1:10) First we chop the onions finely. Then the garlic goes in the pan.',
    );
    expect(prompt.user).toBe('When is the garlic added?');
    expect(prompt.sources[0]).toEqual({
      start: 75,
      end: 140,
      quote: '…Then the garlic goes in the pan.',
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=75s',
    });
  });
});

describe('renumbering citations', () => {
  const source = (start: number): VideoSource => ({
    start,
    quote: `at ${start}`,
    url: `https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=${start}s`,
  });
  const sources = [source(10), source(20), source(30)];

  it('numbers the moments by first use, keeps repeats, drops markers that name no passage', () => {
    const { answer, citations } = citedAnswer('Late [3]. Early [1, 3]. Nothing [7]. Again [3]', sources);
    expect(answer).toBe('Late [1]. Early [2][1]. Nothing . Again [1]');
    expect(citations.map((c) => [c.n, c.start])).toEqual([
      [1, 30],
      [2, 10],
    ]);
  });

  it('leaves an answer without markers as it is, citing nothing', () => {
    expect(citedAnswer('  The video does not say.  ', sources)).toEqual({
      answer: 'The video does not say.',
      citations: [],
    });
  });
});
