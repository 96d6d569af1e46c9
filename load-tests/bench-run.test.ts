// The bench never stops on a process that exits while it is read (a SKIP line, the run goes on), and leaves no process
// behind however it ends: SIGTERM stops its children, and after a SIGKILL its next start stops what is left.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '@act/dev-infra';
import { runSection } from './bench-run';
import { runScript } from './run-script';
import { withMemoryPeaks } from './memory-peaks';

const dir = mkdtempSync(path.join(tmpdir(), 'act-bench-run-'));
const pidFile = path.join(dir, 'bench-children.json');
const started: number[] = [];

afterAll(() => {
  for (const pid of started) if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A bench (tsx) running `lines` after startBenchRun; resolves with what it printed as `NAME <pid>`. */
function benchScript(lines: string[]): { bench: ChildProcess; printed: (name: string) => Promise<number> } {
  const bench = runScript(
    [
      "import { spawn } from 'node:child_process';",
      "import { recordBenchChild, startBenchRun } from './load-tests/bench-run.ts';",
      "import { startServer } from './load-tests/bench-kit.ts';",
      'await startBenchRun();',
      ...lines,
      'setInterval(() => undefined, 1_000);',
    ],
    { BENCH_PID_FILE: pidFile },
  );
  let output = '';
  bench.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const printed = (name: string) =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const match = new RegExp(`${name} (\\d+)`).exec(output);
        if (match) return resolve(Number(match[1]));
        if (bench.exitCode !== null || bench.signalCode !== null)
          return reject(new Error(`the bench exited before printing ${name}:\n${output}`));
        setTimeout(check, 100);
      };
      check();
    });
  return { bench, printed };
}

/** Running, not a zombie: an orphan's end is reaped by pid 1, which in some containers takes its time. */
function running(pid: number): boolean {
  try {
    return isProcessAlive(pid) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return !running(pid);
}

describe('a section reading a process that exits', () => {
  it('is reported as skipped with the reason, and the run goes on', async () => {
    const short = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 300)']);
    const exited = new Promise((resolve) => short.once('exit', resolve));
    const section = await runSection('memory of a short process', async () => {
      // The run goes on after the process went (as uploads in flight do): the next reading finds it gone.
      await withMemoryPeaks([short.pid!], 10, () =>
        exited.then(() => new Promise((resolve) => setTimeout(resolve, 200))),
      );
      throw new Error('the section went on past a process it could not read');
    });
    // The reason, then what caused it (the /proc file that was gone).
    expect(section.skipped).toMatch(new RegExp(`^process ${short.pid} exited while its memory was read: `));
    expect(section.targets).toEqual([]);
  });
});

describe('the processes a bench started', () => {
  it('are stopped when the bench gets SIGTERM', async () => {
    const { bench, printed } = benchScript([
      "const server = await startServer('load-tests/servers/raw-hello.ts');",
      'console.log(`SERVER ${server.process.pid}`);',
    ]);
    const serverPid = await printed('SERVER');
    started.push(serverPid);
    const exited = new Promise<number | null>((resolve) => bench.once('exit', resolve));
    bench.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(await goneWithin(serverPid, 5_000), 'the server outlived the bench').toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  }, 60_000);

  it('are stopped by the next start when the bench was killed outright', async () => {
    // A child that does not watch the bench (no IPC channel): it would outlive a SIGKILLed bench for good.
    const { bench, printed } = benchScript([
      "const stray = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1_000)'], { stdio: 'ignore' });",
      "recordBenchChild('stray', stray);",
      'console.log(`STRAY ${stray.pid}`);',
    ]);
    const strayPid = await printed('STRAY');
    started.push(strayPid);
    const exited = new Promise((resolve) => bench.once('exit', resolve));
    bench.kill('SIGKILL');
    await exited;
    expect(running(strayPid), 'the stray child should still run after SIGKILL').toBe(true);

    const next = benchScript(["console.log('STARTED 1');"]);
    try {
      await next.printed('STARTED');
      expect(await goneWithin(strayPid, 15_000), 'the next start stopped the left child').toBe(true);
    } finally {
      next.bench.kill('SIGTERM');
      await new Promise((resolve) => next.bench.once('exit', resolve));
    }
  }, 60_000);
});
