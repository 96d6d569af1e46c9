import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendHistory, type HistorySection } from './history';

const section = (ratio: number, met = true): HistorySection => ({
  name: 'gateway',
  figures: { 'c/a': ratio, 'gateway/nginx': 'nginx not installed' },
  targets: [{ what: 'gateway / raw (c/a)', value: ratio, met }],
});
const loadAverage = { before: '0.10, 0.20, 0.30', after: '0.40, 0.50, 0.60' };

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('bench history', () => {
  it('appends one line per run and shows a ratio that moved against the last full run', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bench-history-'));
    const file = path.join(dir, 'history.jsonl');

    const first = await appendHistory(
      { at: '2026-01-01T00:00:00Z', loadAverage, results: [section(0.5)] },
      file,
    );
    expect(first.changes).toEqual([]);
    expect(first.line.figures).toEqual({ 'gateway · c/a': 0.5, 'gateway · gateway / raw (c/a)': 0.5 });

    // A partial run (BENCH_ONLY) is recorded but never the run compared against.
    await appendHistory(
      { at: '2026-01-02T00:00:00Z', partial: ['stream-scale'], loadAverage, results: [section(0.1, false)] },
      file,
    );
    const third = await appendHistory(
      { at: '2026-01-03T00:00:00Z', loadAverage, results: [section(0.4, false)] },
      file,
    );
    expect(third.changes).toEqual([
      'gateway · c/a: 0.5 → 0.4 (×0.8)',
      'gateway · gateway / raw (c/a): 0.5 → 0.4 (×0.8)',
    ]);
    expect(third.line.missed).toEqual(['gateway · gateway / raw (c/a)']);

    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1]!)).toMatchObject({ partial: ['stream-scale'], loadAverage });
  });

  it('leaves a figure that moved less than a tenth unmentioned', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bench-history-'));
    const file = path.join(dir, 'history.jsonl');
    await appendHistory({ at: '2026-01-01T00:00:00Z', loadAverage, results: [section(0.5)] }, file);
    const next = await appendHistory(
      { at: '2026-01-02T00:00:00Z', loadAverage, results: [section(0.53)] },
      file,
    );
    expect(next.changes).toEqual([]);
  });
});
