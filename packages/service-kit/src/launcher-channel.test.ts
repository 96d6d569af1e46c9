// A process started by a launcher never outlives it: not even when the launcher is gone before the process has
// finished starting (its channel closed before anyone listened for that), which left a gateway running for good.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAUNCHER_IPC_ENV } from '@act/contracts/server';

const fixture = fileURLToPath(new URL('./launcher-child.fixture.ts', import.meta.url));

describe('a process started by a launcher', () => {
  it('stops when its launcher is gone before it has finished starting', async () => {
    const child = fork(fixture, [], {
      env: { ...process.env, [LAUNCHER_IPC_ENV]: '1' },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    // As a launcher killed outright: its end of the channel closes while the child is still loading.
    child.disconnect();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const timeout = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), 20_000),
    );
    try {
      expect(await Promise.race([exited, timeout])).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
