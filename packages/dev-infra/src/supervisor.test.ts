import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from './net';
import { isProcessAlive } from './processes';
import { startReadyChild, supervise, type Incarnation } from './supervisor';
import type { ChildSpec } from './system';

// The child must sit inside the repository: `node --import tsx` resolves tsx from its folder upwards.
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const childDir = fs.mkdtempSync(path.join(packageDir, '.test-child-'));
afterAll(() => fs.rmSync(childDir, { recursive: true, force: true }));

/** A minimal service: answers /readyz with its own pid and reports its port to the launcher. */
function writeService(): void {
  fs.mkdirSync(path.join(childDir, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(childDir, 'src', 'main.ts'),
    [
      "import http from 'node:http';",
      'const port = Number(process.env.PORT);',
      'http.createServer((_req, res) => res.end(String(process.pid))).listen(port, "127.0.0.1", () => {',
      // Bound, then told, as the kit's server does (its one port stands for the ops listener too).
      "  process.send?.({ type: 'listening', pid: process.pid, port, opsPort: port });",
      '});',
      "process.on('SIGTERM', () => process.exit(0));",
    ].join('\n'),
  );
}

describe('supervise', () => {
  it('starts a service again after kill -9, says so, and leaves no process behind when stopped', async () => {
    writeService();
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const spec: ChildSpec = {
      name: 'crashy',
      cwd: childDir,
      env: { ...process.env, PORT: String(port) },
      port,
      url,
      // The stand-in has no separate ops listener: it answers its probe on its one port.
      opsUrl: url,
      readyUrl: `${url}/readyz`,
    };
    const lines: string[] = [];
    const supervision = supervise('crashy', () => startReadyChild(spec, { readyTimeoutMs: 30_000 }), {
      log: (line) => lines.push(line),
      backoff: { initialMs: 200 },
    });
    await supervision.started;
    const firstPid = Number(await (await fetch(url)).text());

    process.kill(firstPid, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    while (supervision.restarts() === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const secondPid = Number(await (await fetch(url)).text());
    expect(secondPid).not.toBe(firstPid);
    expect(lines).toContain('crashy exited unexpectedly (SIGKILL); restarting in 200 ms');
    expect(lines.some((line) => line.startsWith('crashy is back (restart 1'))).toBe(true);

    await supervision.stop();
    expect(isProcessAlive(secondPid)).toBe(false);
    expect(supervision.restarts()).toBe(1);
  }, 60_000);

  it('doubles the wait while restarts keep failing, up to the maximum', async () => {
    const lines: string[] = [];
    const ends: Array<(reason: string) => void> = [];
    let starts = 0;
    /** Start 1 runs until ended by hand; starts 2 to 4 fail; start 5 runs until stopped. */
    const start = async (): Promise<Incarnation> => {
      starts += 1;
      if (starts > 1 && starts < 5) throw new Error('port in use');
      const exited = new Promise<string>((resolve) => ends.push(resolve));
      return { exited, stop: async () => ends.at(-1)!('SIGTERM') };
    };
    const supervision = supervise('flaky', start, {
      log: (line) => lines.push(line),
      backoff: { initialMs: 20, maxMs: 50 },
    });
    await supervision.started;
    ends[0]!('code 1');
    const deadline = Date.now() + 5_000;
    while (supervision.restarts() === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(lines).toEqual([
      'flaky exited unexpectedly (code 1); restarting in 20 ms',
      'flaky could not start again (port in use); restarting in 40 ms',
      'flaky could not start again (port in use); restarting in 50 ms',
      'flaky could not start again (port in use); restarting in 50 ms',
      'flaky is back (restart 1, after 50 ms)',
    ]);
    await supervision.stop();
    expect(starts).toBe(5);
  });
});
