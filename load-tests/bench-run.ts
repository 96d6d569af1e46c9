// How `npm run bench` runs its sections and what it leaves behind (docs/performance.md#how-the-bench-runs):
// - a section that cannot measure (a process gone mid-read, a busy machine, a missing tool) is reported on a `SKIP`
//   line with the reason and the run goes on; the run ends with a table of every target;
// - every process it starts is recorded in a pid file (dev-infra's childPidFile, as `npm start`'s launcher does):
//   SIGINT, SIGTERM or SIGHUP stop them before the bench exits, and the next start stops any a killed bench left.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childPidFile, killPid, stopRecordedChildren, type ChildPidFile } from '@act/dev-infra';
import type { RunResult } from './bench-kit';

export interface Target {
  what: string;
  value: number;
  target: string;
  met: boolean;
  /** Printed after a missed target: what bounds it (kept out of `what`, the history's key). */
  missNote?: string;
}

export interface Section {
  name: string;
  figures: Record<string, number | string>;
  runs: RunResult[];
  targets: Target[];
  /** Why the section could not measure (its targets are then empty). */
  skipped?: string;
}

const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The bench's pid file; BENCH_PID_FILE moves it (the bench's own tests). */
export const benchPidFilePath = (): string =>
  process.env.BENCH_PID_FILE ?? path.join(repoRoot, '.data', 'bench-children.json');

let pidFile: ChildPidFile | undefined;

/** Records a child the bench started until it exits: a bench that dies leaves it to its next start to stop. */
export function recordBenchChild(label: string, child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined || !pidFile) return;
  const name = `${label} ${pid}`;
  pidFile.set(name, pid);
  child.once('exit', () => pidFile?.delete(name));
}

/** Records the pids of processes started elsewhere (launchSystem's services), under `prefix`. */
export function recordBenchPids(prefix: string, pids: Readonly<Record<string, number>>): void {
  for (const [name, pid] of Object.entries(pids)) pidFile?.set(`${prefix} ${name} ${pid}`, pid);
}

/**
 * Called first: stops what a previous bench left running (it was killed) and opens this run's pid file; on SIGINT,
 * SIGTERM or SIGHUP stops every recorded process, then exits (128 + the signal's number, as a shell reports it).
 */
export async function startBenchRun(log: (line: string) => void = (line) => console.log(`[bench] ${line}`)) {
  const file = benchPidFilePath();
  mkdirSync(path.dirname(file), { recursive: true });
  await stopRecordedChildren(file, { root: repoRoot, names: ['node', 'nginx'], ownerLabel: 'bench', log });
  pidFile = childPidFile(file);
  // A crash (an error no section caught) still signals what runs: the exit hook cannot wait, the next start checks.
  process.once('exit', () => {
    for (const pid of pidFile?.pids() ?? []) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // Gone already.
      }
    }
  });
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
  for (const signal of Object.keys(codes) as Array<keyof typeof codes>) {
    process.once(signal, () => {
      log(`${signal}: stopping the processes the bench started`);
      void stopBenchChildren().finally(() => process.exit(codes[signal]));
    });
  }
}

/** Stops every process still recorded (SIGTERM, SIGKILL after 5 s) and removes the pid file. */
export async function stopBenchChildren(): Promise<void> {
  if (!pidFile) return;
  await Promise.all(pidFile.pids().map((pid) => killPid(pid, 'SIGTERM', 5_000)));
  pidFile.remove();
  pidFile = undefined;
}

/**
 * Runs one section: its report, or a skipped section saying why, so one that cannot measure never ends the run.
 * `explain` prints what tells why before the SKIP line (the system's processes' last lines).
 */
export async function runSection(
  name: string,
  measure: () => Promise<Section>,
  explain?: () => void,
): Promise<Section> {
  try {
    return report(await measure());
  } catch (error) {
    explain?.();
    return skippedSection(name, error);
  }
}

/** The last lines each named process printed (every one when none is named): what a failed section's SKIP cannot say. */
export function printLastLines(
  tails: Readonly<Record<string, readonly string[]>>,
  names: readonly string[] = Object.keys(tails),
): void {
  for (const name of names) {
    const lines = tails[name];
    if (lines?.length) console.log(`[bench] ${name}'s last lines:\n${lines.join('\n')}`);
  }
}

/**
 * A section that could not measure, its reason printed on a SKIP line: the first line of the error, and what it
 * was caused by (fetch's "fetch failed" says why only in its cause, such as "other side closed").
 */
export function skippedSection(name: string, error: unknown): Section {
  const firstLine = (value: unknown) =>
    value instanceof Error ? value.message.split('\n')[0]! : String(value);
  const cause = error instanceof Error && error.cause !== undefined ? `: ${firstLine(error.cause)}` : '';
  const reason = `${firstLine(error)}${cause}`;
  console.log(`\n## ${name}\nSKIP  ${name}: ${reason}`);
  return { name, figures: {}, runs: [], targets: [], skipped: reason };
}

function report(section: Section): Section {
  console.log(`\n## ${section.name}`);
  if (section.runs.length) console.table(section.runs);
  console.log(section.figures);
  for (const target of section.targets) {
    const note = !target.met && target.missNote ? `: ${target.missNote}` : '';
    console.log(
      `${target.met ? 'MET ' : 'MISS'}  ${target.what}: ${target.value} (target ${target.target})${note}`,
    );
  }
  return section;
}

/** The closing table: every target of every section (MET / MISS with its target beside it), SKIP for a section. */
export function targetTable(sections: readonly Section[]): string {
  const rows = sections.flatMap((section) =>
    section.skipped !== undefined
      ? [`SKIP  ${section.name}: ${section.skipped}`]
      : section.targets.map(
          (target) =>
            `${target.met ? 'MET ' : 'MISS'}  ${section.name}: ${target.what}: ${target.value} (target ${target.target})`,
        ),
  );
  return ['', '## every target', ...rows].join('\n');
}
