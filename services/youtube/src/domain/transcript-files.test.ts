import { describe, expect, it } from 'vitest';
import { srtTime, toSrt, toTxt } from './transcript-files';

describe('transcript files', () => {
  it('writes SubRip times as HH:MM:SS,mmm', () => {
    expect(srtTime(0)).toBe('00:00:00,000');
    expect(srtTime(3_723_004)).toBe('01:02:03,004');
  });

  it('numbers the cues, each until the next line (4 s for the last or an out-of-order one)', () => {
    const lines = [
      { startMs: 0, text: 'One.' },
      { startMs: 2_500, text: 'Two.' },
      { startMs: 2_500, text: 'Three.' },
    ];
    expect(toSrt(lines)).toBe(
      '1\n00:00:00,000 --> 00:00:02,500\nOne.\n\n2\n00:00:02,500 --> 00:00:06,500\nTwo.\n\n3\n00:00:02,500 --> 00:00:06,500\nThree.\n',
    );
    expect(toTxt(lines)).toBe('[0:00] One.\n[0:02] Two.\n[0:02] Three.\n');
  });
});
