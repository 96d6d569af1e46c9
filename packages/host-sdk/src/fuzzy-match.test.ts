import { describe, expect, it } from 'vitest';
import { TOOLS } from '@act/contracts';
import { fuzzyFilter, fuzzyScore } from './fuzzy-match';

describe('fuzzyScore', () => {
  it('matches letters in order, case ignored, and refuses them out of order or missing', () => {
    expect(fuzzyScore('CRT', 'cartoonify')).not.toBeNull();
    expect(fuzzyScore('tc', 'cat')).toBeNull();
    expect(fuzzyScore('cartoonz', 'Cartoonify')).toBeNull();
  });

  it('ranks a run of letters above the same letters scattered, and a word start above a middle', () => {
    // 'cart' runs together in Cartoonify; in the other name the same letters start scattered words.
    expect(fuzzyScore('cart', 'Cartoonify')!).toBeGreaterThan(fuzzyScore('cart', 'Color and Retouch Tool')!);
    // 'ts' starts both words of Text to Speech; in Chat Agent's "ts" nothing starts a word.
    expect(fuzzyScore('ts', 'Text to Speech')!).toBeGreaterThan(fuzzyScore('ts', 'Chats')!);
  });

  it('ignores spaces in the query, so a name typed with its spaces still matches', () => {
    expect(fuzzyScore('text to speech', 'Text to Speech')).toBe(fuzzyScore('texttospeech', 'Text to Speech'));
  });
});

describe('fuzzyFilter', () => {
  it('puts Cartoonify first for "cartoon" among every tool', () => {
    const [first] = fuzzyFilter(TOOLS, 'cartoon');
    expect(first?.id).toBe('cartoonify');
  });

  it('keeps the given order for an empty query and for equal scores', () => {
    const items = [{ name: 'Library' }, { name: 'Account' }, { name: 'Plans' }];
    expect(fuzzyFilter(items, '')).toEqual(items);
    expect(fuzzyFilter([{ name: 'ab x' }, { name: 'ab y' }], 'ab').map((i) => i.name)).toEqual([
      'ab x',
      'ab y',
    ]);
  });

  it('drops what does not match and orders the rest best first', () => {
    const items = [
      { name: 'Upscale' },
      { name: 'Speech to Speech' },
      { name: 'Dictation' },
      { name: 'Sound Effects' },
    ];
    // "se": S and E start both words of Sound Effects; Speech has no E starting a word; Upscale has neither.
    expect(fuzzyFilter(items, 'se').map((i) => i.name)).toEqual([
      'Sound Effects',
      'Speech to Speech',
      'Upscale',
    ]);
  });
});
