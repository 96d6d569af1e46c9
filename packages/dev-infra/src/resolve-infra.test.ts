import { connect } from '@nats-io/transport-node';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { natsUsersFor } from './nats-auth';
import { findFreePort } from './net';
import { isProcessAlive } from './processes';
import { natsAnswers, postgresAnswers, resolveInfra } from './resolve-infra';
import { makeTempDir } from './test-dirs';

const temp = makeTempDir('infra');
afterAll(() => temp.remove());

describe('resolveInfra', () => {
  it('starts the embedded servers when no env is set, and prefers env URLs that answer', async () => {
    const lines: string[] = [];
    const embedded = await resolveInfra({
      dataDir: temp.dir,
      need: { postgres: true, nats: true, s3: true },
      env: {},
      log: (line) => lines.push(line),
      postgresDurability: 'relaxed',
    });
    try {
      expect(embedded.sources).toEqual({ postgres: 'embedded', nats: 'embedded', s3: 'embedded' });
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(
        /^postgres: embedded PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+/,
      );
      expect(await postgresAnswers(embedded.databaseUrl!)).toBe(true);
      expect(await natsAnswers(embedded.natsUrl!)).toBe(true);

      const reused = await resolveInfra({
        dataDir: temp.dir,
        need: { postgres: true, nats: true, s3: true },
        env: { DATABASE_URL: embedded.databaseUrl, NATS_URL: embedded.natsUrl, ...embedded.s3 },
        log: (line) => lines.push(line),
      });
      expect(reused.sources).toEqual({ postgres: 'env', nats: 'env', s3: 'env' });
      expect(reused.databaseUrl).toBe(embedded.databaseUrl);
      expect(lines.slice(3)).toEqual([
        expect.stringMatching(/^postgres: using DATABASE_URL /),
        `nats: using NATS_URL ${embedded.natsUrl}`,
        expect.stringMatching(/^s3: using bucket act-local at http:\/\/127\.0\.0\.1:\d+$/),
      ]);
      await reused.stop();
    } finally {
      await embedded.stop();
    }
  });

  it('falls back to a local server when the env URL does not answer', async () => {
    const deadPort = await findFreePort();
    expect(await postgresAnswers(`postgres://postgres@127.0.0.1:${deadPort}/postgres`)).toBe(false);
    const lines: string[] = [];
    const infra = await resolveInfra({
      dataDir: temp.dir,
      dirs: { nats: `${temp.dir}/nats-fallback` },
      need: { nats: true },
      env: { NATS_URL: `nats://127.0.0.1:${deadPort}` },
      log: (line) => lines.push(line),
    });
    try {
      expect(infra.sources.nats).toBe('embedded');
      expect(infra.natsUrl).not.toContain(String(deadPort));
      expect(lines[0]).toContain('does not answer');
    } finally {
      await infra.stop();
    }
  });

  it('starts the embedded NATS with one user per service and hands their credentials on', async () => {
    const users = natsUsersFor(['credits'], () => ({
      publish: ['>'],
      subscribe: ['>'],
      allowResponses: false,
    }));
    const lines: string[] = [];
    const infra = await resolveInfra({
      dataDir: temp.dir,
      dirs: { nats: `${temp.dir}/nats-users` },
      need: { nats: true },
      env: {},
      log: (line) => lines.push(line),
      natsUsers: users,
    });
    try {
      expect(infra.natsUsers).toEqual(users);
      expect(lines[0]).toContain('users credits');
      await expect(connect({ servers: infra.natsUrl, reconnect: false })).rejects.toThrow(/Authorization/i);
      const nc = await connect({
        servers: infra.natsUrl,
        user: 'credits',
        pass: users[0]!.password as string,
      });
      await nc.close();
    } finally {
      await infra.stop();
    }
  });

  it('under supervision starts a killed nats-server and PostgreSQL again at the same URLs, and says so', async () => {
    const lines: string[] = [];
    const infra = await resolveInfra({
      dataDir: temp.dir,
      dirs: { nats: `${temp.dir}/nats-supervised`, postgres: `${temp.dir}/postgres-supervised` },
      need: { nats: true, postgres: true },
      env: {},
      log: (line) => lines.push(line),
      postgresDurability: 'relaxed',
      supervise: true,
    });
    const pidIn = (file: string) => Number(fs.readFileSync(file, 'utf8').split('\n')[0]!.trim());
    const natsPid = pidIn(`${temp.dir}/nats-supervised/nats-server.pid`);
    const postmasterPid = pidIn(`${temp.dir}/postgres-supervised/pgdata/postmaster.pid`);
    try {
      process.kill(natsPid, 'SIGKILL');
      process.kill(postmasterPid, 'SIGKILL');
      const deadline = Date.now() + 60_000;
      const back = () => lines.filter((line) => / is back /.test(line)).length === 2;
      while (!back() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines).toContain('nats-server exited unexpectedly (SIGKILL); restarting in 1.0 s');
      expect(lines.some((line) => line.startsWith('postgres exited unexpectedly'))).toBe(true);
      expect(await natsAnswers(infra.natsUrl!)).toBe(true);
      expect(await postgresAnswers(infra.databaseUrl!)).toBe(true);
    } finally {
      await infra.stop();
    }
    const newNatsPid = pidIn(`${temp.dir}/nats-supervised/nats-server.pid`);
    expect(newNatsPid).not.toBe(natsPid);
    expect(isProcessAlive(newNatsPid)).toBe(false);
  }, 120_000);
});
