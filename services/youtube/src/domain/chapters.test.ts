import { describe, expect, it } from 'vitest';
import {
  MAX_CHAPTERS,
  descriptionChapters,
  localChapters,
  parseProviderChapters,
  parseTimestamp,
} from './chapters';

describe('chapters', () => {
  it('reads timestamps as seconds', () => {
    expect(parseTimestamp('1:23')).toBe(83);
    expect(parseTimestamp('1:02:03')).toBe(3723);
    expect(parseTimestamp('1:75')).toBeNull();
    expect(parseTimestamp('soon')).toBeNull();
  });

  it("reads a description's chapters as YouTube does: from 0:00, at least three, in order", () => {
    const description =
      'Intro text\n00:00 - Intro\n(1:30) Setup\n• 12:05 | The build\nThanks for watching 9:99';
    expect(descriptionChapters(description, 1_000)).toEqual([
      { title: 'Intro', startSeconds: 0 },
      { title: 'Setup', startSeconds: 90 },
      { title: 'The build', startSeconds: 725 },
    ]);
    expect(descriptionChapters('0:10 A\n0:20 B\n0:30 C', 100)).toBeNull();
    expect(descriptionChapters('0:00 A\n0:20 B', 100)).toBeNull();
    expect(descriptionChapters('0:00 A\n0:30 B\n0:20 C', 100)).toBeNull();
    // Chapters past the video's end are dropped; too few left means none.
    expect(descriptionChapters('0:00 A\n0:20 B\n5:00 C', 100)).toBeNull();
  });

  it('keeps at most MAX_CHAPTERS of a huge description, with one-line titles', () => {
    const lines = Array.from(
      { length: 5_000 },
      (_v, i) => `${Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')} ${'x'.repeat(300)}`,
    );
    const chapters = descriptionChapters(lines.join('\n'), 100_000)!;
    expect(chapters).toHaveLength(MAX_CHAPTERS);
    expect(chapters[0]!.title.length).toBeLessThanOrEqual(100);
  });

  it("takes the provider's usable chapters only, the first at 0", () => {
    expect(parseProviderChapters('aqz-KE-bpKQ', 'no json', 600)).toBeNull();
    expect(parseProviderChapters('aqz-KE-bpKQ', '[{"start":"x","title":"A"}]', 600)).toBeNull();
    expect(parseProviderChapters('aqz-KE-bpKQ', '[1,2]', 600)).toBeNull();
    expect(
      parseProviderChapters(
        'aqz-KE-bpKQ',
        '```json\n[{"start":"0:03","title":"A","gist":"a"},{"start":"0:02","title":"Back","gist":""},{"start":"2:00","title":"B"}]\n```',
        600,
      ),
    ).toEqual([
      { title: 'A', gist: 'a', startSeconds: 0, url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=0s' },
      { title: 'B', gist: '', startSeconds: 120, url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=120s' },
    ]);
  });

  it('divides a transcript by time into titled parts with a gist, starting at sentences', () => {
    const segments = Array.from({ length: 40 }, (_v, i) => ({
      startMs: i * 15_000,
      text: i < 20 ? `Volcanoes erupt with lava number ${i}.` : `Beaches have sand and waves number ${i}.`,
    }));
    const chapters = localChapters('LXb3EKWsInQ', segments, 600);
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    expect(chapters.length).toBeLessThanOrEqual(8);
    expect(chapters[0]!.startSeconds).toBe(0);
    for (const c of chapters) {
      expect(c.url).toBe(`https://www.youtube.com/watch?v=LXb3EKWsInQ&t=${c.startSeconds}s`);
      expect(c.startSeconds % 15).toBe(0);
      expect(c.title).not.toBe('');
      expect(c.gist).not.toBe('');
    }
    expect(chapters.at(-1)!.title.toLowerCase()).toMatch(/beaches|sand|waves/);
    expect(localChapters('LXb3EKWsInQ', [{ startMs: 0, text: 'Only one.' }], 60)).toEqual([]);
  });

  // How fast this runs is the bench's business; here only that a very long transcript still gets its chapters.
  it('divides a huge transcript into chapters (the key sentences are ranked among a sample)', () => {
    const segments = Array.from({ length: 20_000 }, (_v, i) => ({
      startMs: i * 2_000,
      text: `Sentence ${i} talks about topic ${i % 97} and idea ${i % 31}.`,
    }));
    const chapters = localChapters('LXb3EKWsInQ', segments, 40_000);
    expect(chapters).toHaveLength(8);
    expect(chapters[7]!.startSeconds).toBeGreaterThan(chapters[6]!.startSeconds);
  });
});
