import { describe, expect, it } from 'vitest';
import { createThinkSplitter } from './think-splitter';

function split(chunks: string[]) {
  const out = { text: '', reasoning: '' };
  const splitter = createThinkSplitter({
    text: (t) => (out.text += t),
    reasoning: (t) => (out.reasoning += t),
  });
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return out;
}

describe('think splitter', () => {
  it('keeps <think> blocks apart from the answer, even with tags cut between chunks', () => {
    expect(split(['<thi', 'nk>first ', 'thought</th', 'ink>\n\nThe ', 'answer.'])).toEqual({
      reasoning: 'first thought',
      text: 'The answer.',
    });
    expect(split(['<think>a</think>', 'b<think>c</think>d'])).toEqual({ reasoning: 'ac', text: 'bd' });
  });

  it('passes plain text through, angle brackets included, and flushes a held-back tag prefix at the end', () => {
    expect(split(['x < y and ', 'a <b> tag'])).toEqual({ reasoning: '', text: 'x < y and a <b> tag' });
    expect(split(['ends with <thi'])).toEqual({ reasoning: '', text: 'ends with <thi' });
    expect(split(['<think>never closed'])).toEqual({ reasoning: 'never closed', text: '' });
  });
});
