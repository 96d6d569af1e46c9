// `npm start` on a machine where another copy runs (issue 45, "ready while broken"): a foreign process takes the
// ports a service was told to use between the launcher's check and the service's bind. The launcher must not take
// the foreign answers for its own: its identity binds other ports, says which, and the gateway routes there; and when
// the launcher is killed outright, its services stop with it rather than keep holding the ports.
import http from 'node:http';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@act/contracts';
import { isProcessAlive } from '@act/dev-infra';
import { spawnLauncher, type LauncherProcess } from './launcher-process';

const START_TIMEOUT_MS = 90_000;
const FOREIGN_PID = 1;

let launcher: LauncherProcess | undefined;
const foreign: http.Server[] = [];

afterAll(async () => {
  for (const server of foreign) server.close();
  await launcher?.stop();
}, 40_000);

/** A copy of a service that is not this launcher's: ready, and answering every call with its own body. */
function foreignServer(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', pid: FOREIGN_PID, foreign: true }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** PORT and OPS_PORT a child was started with, from its environment. */
function portsOf(pid: number): { port: number; opsPort: number } {
  const env = Object.fromEntries(
    fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  return { port: Number(env.PORT), opsPort: Number(env.OPS_PORT) };
}

/** The pid of identity as soon as the launcher has spawned it (before it has loaded, let alone bound its ports). */
async function identitySpawned(running: LauncherProcess): Promise<number> {
  for (;;) {
    const pid = running.childIn('services/identity');
    if (pid !== undefined) return pid;
    if (running.process.exitCode !== null) throw new Error(`launcher exited:\n${running.output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('npm start beside another copy', () => {
  it(
    "serves its own identity when a foreign process takes identity's ports as it starts",
    async () => {
      launcher = await spawnLauncher();
      const { port, opsPort } = portsOf(await identitySpawned(launcher));
      // Identity is still loading its modules: the foreign copy takes both its ports first.
      foreign.push(await foreignServer(port), await foreignServer(opsPort));

      await launcher.lineMatching(/^Ready: http:\/\/localhost:/, START_TIMEOUT_MS);
      const email = `ports-${Date.now()}@example.com`;
      const response = await fetch(`${launcher.gateway}${API_ROUTES.identity.signup}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a-good-password' }),
      });
      const body = (await response.json()) as { foreign?: boolean; session?: { access_token?: string } };
      expect(body.foreign, 'the gateway routed to the foreign copy').toBeUndefined();
      expect(response.status).toBe(200);
      expect(body.session?.access_token).toEqual(expect.any(String));
      // It says where identity went, and never had to restart it.
      expect(launcher.output).toContainEqual(
        expect.stringMatching(
          new RegExp(`port ${port} is in use by another process; identity listens on \\d+`),
        ),
      );
      expect(launcher.output.some((line) => /identity exited unexpectedly/.test(line))).toBe(false);
    },
    START_TIMEOUT_MS + 30_000,
  );

  it('takes its services down with it when it is killed outright', async () => {
    const running = launcher!;
    const children = running.childPids();
    expect(children.length).toBeGreaterThan(1);
    running.process.kill('SIGKILL');
    await running.exited;
    const deadline = Date.now() + 30_000;
    while (children.some(isProcessAlive) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(children.filter(isProcessAlive), 'services left running').toEqual([]);
  }, 40_000);
});
