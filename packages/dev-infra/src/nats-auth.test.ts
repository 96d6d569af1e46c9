// k8s/base/nats-auth.conf (NATS users for k8s and docker-compose) is exactly the rendering of the contracts'
// permissions for every service present, and a real nats-server loading it the way they do (include, passwords
// from the environment) lets each service in with only its subjects.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { GATEWAY_SERVICES, natsInboxPrefix, natsNames, natsPermissions } from '@act/contracts/server';
import { natsPasswordEnv, renderNatsAuthorization } from './nats-auth';
import { findNatsServer } from './nats-server';
import { findFreePort, probeTcp, waitFor } from './net';
import { stopChild } from './processes';
import { presentServices } from './system';
import { makeTempDir } from './test-dirs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const authFile = path.join(repoRoot, 'k8s', 'base', 'nats-auth.conf');
// Every service present, and the gateway (it follows access-token revocations).
const services = [
  ...presentServices(repoRoot, GATEWAY_SERVICES).map(({ service }) => service),
  'gateway' as const,
];
const temp = makeTempDir('nats-auth');
afterAll(() => temp.remove());

describe('k8s/base/nats-auth.conf', () => {
  it('is the rendering of natsPermissions for every service and the gateway, passwords from the environment', () => {
    const expected = renderNatsAuthorization(
      services.map((service) => ({
        user: service,
        password: { env: natsPasswordEnv(service) },
        permissions: natsPermissions(service),
      })),
    );
    // On failure the expected text is printed: write it to the file.
    expect(fs.readFileSync(authFile, 'utf8')).toBe(expected);
  });

  it('serves each service only its subjects on a real nats-server', async () => {
    const binary = findNatsServer();
    if (!binary) throw new Error('nats-server is needed for this test');
    const port = await findFreePort();
    fs.copyFileSync(authFile, path.join(temp.dir, 'nats-auth.conf'));
    const configFile = path.join(temp.dir, 'nats.conf');
    fs.writeFileSync(
      configFile,
      `port: ${port}\nhost: 127.0.0.1\njetstream { store_dir: "${temp.dir}/js" }\ninclude ./nats-auth.conf\n`,
    );
    const passwords = Object.fromEntries(services.map((s) => [natsPasswordEnv(s), `${s}-secret`]));
    let output = '';
    const child = spawn(binary, ['-c', configFile], {
      env: { ...process.env, ...passwords },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(
        'nats-server with nats-auth.conf',
        async () =>
          (await probeTcp('127.0.0.1', port, { timeoutMs: 500, greetingMs: 500 })).startsWith('INFO'),
        {
          timeoutMs: 10_000,
          abort: () => (child.exitCode !== null ? new Error(`nats-server exited:\n${output}`) : undefined),
        },
      );
      const names = natsNames();
      const as = (user: string) =>
        connect({
          servers: `nats://127.0.0.1:${port}`,
          user,
          pass: `${user}-secret`,
          inboxPrefix: natsInboxPrefix(user),
        });
      const credits = await as('credits');
      const prompt = await as('prompt');
      try {
        // credits answers reserves; the tool service asks and gets the answer on its own inbox.
        credits.subscribe(names.reserve, {
          callback: (_error, message) => {
            message.respond('ok');
          },
        });
        await credits.flush();
        expect((await prompt.request(names.reserve, 'hold?', { timeout: 2_000 })).string()).toBe('ok');
        // The tool service may not answer them itself.
        const refused = new Promise<string>((resolve) =>
          prompt.subscribe(names.reserve, { callback: (error) => resolve(String(error)) }),
        );
        expect(await refused).toMatch(/Permissions Violation/);
      } finally {
        await Promise.all([credits.close(), prompt.close()]);
      }
      await expect(
        connect({ servers: `nats://127.0.0.1:${port}`, user: 'prompt', pass: 'credits-secret' }),
      ).rejects.toThrow(/Authorization/i);
    } finally {
      await stopChild(child, 'SIGTERM', 5_000);
    }
  });
});
