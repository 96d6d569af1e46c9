// The bench's own servers (load-tests/servers/*, started by bench-kit's startServer) never outlive the bench: one
// killed outright (SIGKILL, an out-of-memory kill, a closed CI job) once left its servers running.
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '@act/dev-infra';
import { runScript } from './run-script';

let serverPid: number | undefined;

afterAll(() => {
  if (serverPid && isProcessAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
});

describe('startServer', () => {
  it('leaves no server running when the bench is killed outright', async () => {
    const bench = runScript([
      "import { startServer } from './load-tests/bench-kit.ts';",
      "const server = await startServer('load-tests/servers/raw-hello.ts');",
      'console.log(`SERVER ${server.process.pid}`);',
      'setInterval(() => undefined, 1_000);',
    ]);
    const exited = new Promise((resolve) => bench.once('exit', resolve));
    serverPid = await new Promise<number>((resolve, reject) => {
      let printed = '';
      bench.stdout!.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const match = /SERVER (\d+)/.exec(printed);
        if (match) resolve(Number(match[1]));
      });
      bench.once('exit', (code) => reject(new Error(`the bench exited (${code}) before its server started`)));
    });
    expect(isProcessAlive(serverPid)).toBe(true);

    bench.kill('SIGKILL');
    await exited;
    const deadline = Date.now() + 10_000;
    while (isProcessAlive(serverPid) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isProcessAlive(serverPid), 'the bench server outlived the bench').toBe(false);
  }, 60_000);
});
