// The gateway section's CPU comparison runs both servers on one CPU and the bench on the others, then gives the bench
// its CPUs back: a bench left on one CPU would slow every section after it.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { affinityOf, expandCpuList, pinServersApart } from './cpu-pinning';

const affinity = (pid: number) => affinityOf(pid) ?? [];

// A stand-in server that lives while its stdin is open: it exits with this test process however that ends.
const server = spawn(process.execPath, ['-e', "process.stdin.resume().on('end', () => process.exit())"], {
  stdio: ['pipe', 'ignore', 'ignore'],
});
afterAll(() => void server.kill('SIGKILL'));

describe('pinning a comparison to one CPU', () => {
  it('reads taskset lists', () => {
    expect(expandCpuList('0-2,5')).toEqual(['0', '1', '2', '5']);
    expect(expandCpuList('3')).toEqual(['3']);
  });

  it('puts the servers on the last CPU, the bench on the rest, and gives the bench its CPUs back', () => {
    const before = affinity(process.pid);
    const pinning = pinServersApart([server.pid!]);
    if (before.length < 2) {
      expect(pinning).toMatch(/one CPU/);
      return;
    }
    if (typeof pinning === 'string') throw new Error(pinning);
    try {
      expect(affinity(server.pid!)).toEqual([before[before.length - 1]]);
      expect(affinity(process.pid)).toEqual(before.slice(0, -1));
    } finally {
      pinning.restore();
    }
    expect(affinity(process.pid)).toEqual(before);
  });
});
