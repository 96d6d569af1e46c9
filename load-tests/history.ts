// The bench's history: one JSON line per `npm run bench` in load-tests/history.jsonl (kept in git), with the date,
// the commit, the machine and every figure of the run (each section's numeric figures and target values, ratios
// among them). A figure is compared with the same one in the last full run, so a regression shows as a change of
// ratio whatever the machine; docs/performance.md.
import { execFileSync } from 'node:child_process';
import { appendFile, readFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const HISTORY_FILE = fileURLToPath(new URL('./history.jsonl', import.meta.url));

export interface HistorySection {
  name: string;
  figures: Record<string, number | string>;
  targets: Array<{ what: string; value: number; met: boolean }>;
}

export interface HistoryLine {
  at: string;
  commit: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; platform: string };
  loadAverage: { before: string; after: string };
  /** The sections run when not all of them were (BENCH_ONLY); such a line is never the one compared against. */
  partial?: string[];
  /** `<section> · <figure or target>` → its value. */
  figures: Record<string, number>;
  /** Targets missed in this run. */
  missed: string[];
}

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return dirty.trim() === '' ? head : `${head}-dirty`;
  } catch {
    return 'unknown';
  }
}

function machine(): HistoryLine['machine'] {
  const cores = cpus();
  return {
    cpu: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/** Every number of the run by `<section> · <name>`. */
export function figuresOf(sections: readonly HistorySection[]): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const section of sections) {
    for (const [name, value] of Object.entries(section.figures)) {
      if (typeof value === 'number' && Number.isFinite(value)) figures[`${section.name} · ${name}`] = value;
    }
    for (const target of section.targets) {
      if (Number.isFinite(target.value)) figures[`${section.name} · ${target.what}`] = target.value;
    }
  }
  return figures;
}

/**
 * What moved by more than `threshold` (a share: 0.1 is 10 %) against `previous`: `name: old → new (×ratio)`.
 */
export function changesSince(
  previous: Record<string, number>,
  current: Record<string, number>,
  threshold = 0.1,
): string[] {
  const changes: string[] = [];
  for (const [name, value] of Object.entries(current)) {
    const before = previous[name];
    if (before === undefined || before === 0) continue;
    const ratio = value / before;
    if (Math.abs(ratio - 1) > threshold) {
      changes.push(`${name}: ${before} → ${value} (×${Math.round(ratio * 100) / 100})`);
    }
  }
  return changes;
}

async function readHistory(file: string): Promise<HistoryLine[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as HistoryLine);
}

/** Appends this run to the history; returns the changes against the last full run before it. */
export async function appendHistory(
  run: {
    at: string;
    partial?: string[];
    loadAverage: HistoryLine['loadAverage'];
    results: readonly HistorySection[];
  },
  file = HISTORY_FILE,
): Promise<{ file: string; line: HistoryLine; changes: string[] }> {
  const previous = (await readHistory(file)).filter((line) => !line.partial).at(-1);
  const line: HistoryLine = {
    at: run.at,
    commit: commitOf(),
    machine: machine(),
    loadAverage: run.loadAverage,
    ...(run.partial ? { partial: run.partial } : {}),
    figures: figuresOf(run.results),
    missed: run.results.flatMap((section) =>
      section.targets.filter((target) => !target.met).map((target) => `${section.name} · ${target.what}`),
    ),
  };
  await appendFile(file, `${JSON.stringify(line)}\n`);
  return { file, line, changes: previous ? changesSince(previous.figures, line.figures) : [] };
}
