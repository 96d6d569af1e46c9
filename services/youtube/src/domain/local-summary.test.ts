import { UI_TEXTS } from '@act/contracts';
import { describe, expect, it } from 'vitest';
import { FAKE_VIDEOS } from '../test-support/fake-youtube';
import {
  formatTimestamp,
  localDescriptionSummary,
  localTranscriptSummary,
  rankSentences,
  toSentences,
} from './local-summary';

const lines = (FAKE_VIDEOS['aqz-KE-bpKQ']?.captions?.[0]?.lines ?? []).map((l) => ({
  startMs: l.startMs,
  text: l.text,
}));

describe('local extractive summary', () => {
  it('formats timestamps', () => {
    expect(formatTimestamp(0)).toBe('0:00');
    expect(formatTimestamp(75_000)).toBe('1:15');
    expect(formatTimestamp(3_723_000)).toBe('1:02:03');
  });

  it('joins caption lines into sentences that keep the start of their first line', () => {
    expect(
      toSentences([
        { startMs: 0, text: 'the rabbit wakes' },
        { startMs: 2000, text: 'up. He smiles! And' },
        { startMs: 4000, text: 'leaves' },
      ]),
    ).toEqual([
      { startMs: 0, text: 'the rabbit wakes up.' },
      { startMs: 2000, text: 'He smiles!' },
      { startMs: 2000, text: 'And leaves' },
    ]);
  });

  it('keeps the best-connected sentences, in video order', () => {
    const picked = rankSentences(toSentences(lines), 3);
    expect(picked).toHaveLength(3);
    const starts = picked.map((p) => p.startMs);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(picked.some((p) => p.text.includes('rabbit'))).toBe(true);
  });

  it('says it is local and links each sentence to its moment', () => {
    const summary = localTranscriptSummary('aqz-KE-bpKQ', lines, 4);
    expect(summary.startsWith(UI_TEXTS.youtube.localSummaryNote)).toBe(true);
    expect(summary).toMatch(/- \[\d+:\d\d\]\(https:\/\/www\.youtube\.com\/watch\?v=aqz-KE-bpKQ&t=\d+s\) /);
    expect(summary.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(4);
  });

  it('says a description summary is based on the description', () => {
    expect(localDescriptionSummary('One. Two! https://x.test\nThree')).toContain(
      'based on the video description',
    );
  });
});
