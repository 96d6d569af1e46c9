// Static check of docker-compose.yml with Debian's docker-compose (`config -q` parses, merges and validates it),
// plus the promises we make about it: healthchecks everywhere and one database per service.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CHARGED_WORK_MAX_MS, TOOL_FAMILIES } from '@act/contracts';
import { SERVICE_NAMES } from '@act/contracts/server';
import { natsPasswordEnv } from './nats-auth';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const composeFile = path.join(repoRoot, 'docker-compose.yml');
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
if (!hasCompose) {
  console.warn(
    'docker-compose.test: docker-compose is not installed (apt-get install docker-compose); skipped',
  );
}

interface ComposeService {
  stop_grace_period?: string;
  build?: { target?: string; args?: Record<string, string> };
  read_only?: boolean;
  healthcheck?: { test: unknown };
  ports?: Array<{ published: string | number; target: number }>;
  /** Short syntax as docker-compose prints it: `source:target:mode`. */
  volumes?: string[];
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

describe.skipIf(!hasCompose)('docker-compose.yml', () => {
  it('is valid for docker-compose', () => {
    const result = spawnSync('docker-compose', ['-f', composeFile, 'config', '-q'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('health-checks every long-running container and gives each service its own database', () => {
    const config = parse(
      execFileSync('docker-compose', ['-f', composeFile, 'config'], { encoding: 'utf8' }),
    ) as {
      services: Record<string, ComposeService>;
    };
    for (const [name, service] of Object.entries(config.services)) {
      if (service.restart === 'no') continue;
      expect(service.healthcheck?.test, `${name} healthcheck`).toBeDefined();
    }
    const initSql = fs.readFileSync(path.join(repoRoot, 'scripts/docker/postgres-init.sql'), 'utf8');
    for (const name of SERVICE_NAMES) {
      expect(initSql).toContain(`CREATE DATABASE ${name};`);
      expect(config.services[name]?.environment?.DATABASE_URL).toMatch(new RegExp(`@postgres:5432/${name}$`));
    }
    expect(Object.keys(config.services.gateway?.depends_on ?? {}).sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('probes every service on its unpublished ops port, which the gateway health-checks', () => {
    const config = parse(
      execFileSync('docker-compose', ['-f', composeFile, 'config'], { encoding: 'utf8' }),
    ) as { services: Record<string, ComposeService> };
    const gateway = config.services.gateway!;
    for (const name of SERVICE_NAMES) {
      const service = config.services[name]!;
      const opsPort = Number(service.environment?.OPS_PORT);
      expect(opsPort, `${name} OPS_PORT`).toBe(Number(service.environment?.PORT) + 1000);
      expect(JSON.stringify(service.healthcheck?.test)).toContain('process.env.OPS_PORT');
      expect(service.ports, `${name} publishes nothing`).toBeUndefined();
      expect(gateway.environment?.[`${name.toUpperCase()}_OPS_URL`]).toBe(`http://${name}:${opsPort}`);
    }
    expect(JSON.stringify(gateway.healthcheck?.test)).toContain(`:${gateway.environment?.OPS_PORT}/readyz`);
    expect(gateway.ports?.map((p) => p.target)).toEqual([8080]);
  });

  it('gives every service and the gateway time to drain: stop_grace_period covers its SHUTDOWN_GRACE_MS', () => {
    const config = parse(
      execFileSync('docker-compose', ['-f', composeFile, 'config'], { encoding: 'utf8' }),
    ) as { services: Record<string, ComposeService> };
    /** docker-compose prints durations like `190s` or `3m10s`. */
    const seconds = (duration = '10s') =>
      [...duration.matchAll(/(\d+)(h|m|s)/g)].reduce(
        (sum, [, n, unit]) => sum + Number(n) * { h: 3600, m: 60, s: 1 }[unit as 'h' | 'm' | 's'],
        0,
      );
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      const service = config.services[name]!;
      const graceMs = Number(service.environment?.SHUTDOWN_GRACE_MS);
      expect(graceMs, `${name} SHUTDOWN_GRACE_MS`).toBeGreaterThan(0);
      // Closing NATS and the database pool after the drain takes a few seconds more.
      expect(seconds(service.stop_grace_period), name).toBeGreaterThanOrEqual(graceMs / 1000 + 10);
      if (['gateway', 'chat', 'image', 'voice'].includes(name))
        expect(graceMs, name).toBeGreaterThanOrEqual(CHARGED_WORK_MAX_MS);
    }
  });

  it('runs NATS with the users of k8s/base/nats-auth.conf and connects each service and the gateway as its own', () => {
    const config = parse(
      execFileSync('docker-compose', ['-f', composeFile, 'config'], { encoding: 'utf8' }),
    ) as { services: Record<string, ComposeService> };
    const nats = config.services.nats!;
    expect(nats.volumes).toContain(
      `${path.join(repoRoot, 'k8s/base/nats-auth.conf')}:/etc/nats/nats-auth.conf:ro`,
    );
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      const env = config.services[name]!.environment!;
      expect(env.NATS_USER).toBe(name);
      expect(env.NATS_PASSWORD, `${name} password`).toBe(nats.environment?.[natsPasswordEnv(name)]);
      expect(env.NATS_URL, `${name} NATS_URL`).toBe('nats://nats:4222');
    }
  });

  it("runs each remote alone in its own static server, published, which the gateway's /remotes.json points at", () => {
    const config = parse(
      execFileSync('docker-compose', ['-f', composeFile, 'config'], { encoding: 'utf8' }),
    ) as { services: Record<string, ComposeService> };
    const gateway = config.services.gateway!;
    const published = new Set<number>();
    for (const family of TOOL_FAMILIES) {
      const remote = config.services[`remote-${family}`];
      expect(remote, `remote-${family}`).toBeDefined();
      expect(remote!.build).toMatchObject({ target: 'remote', args: { REMOTE: family } });
      expect(remote!.read_only).toBe(true);
      expect(JSON.stringify(remote!.healthcheck?.test)).toContain('/healthz');
      const [port] = remote!.ports ?? [];
      expect(port?.target).toBe(8080);
      published.add(Number(port?.published));
      // The browser loads the remote from its published port; its CORS answers the gateway's origin.
      expect(gateway.environment?.[`REMOTE_${family.toUpperCase()}_URL`]).toBe(
        `http://localhost:${port?.published}/remotes/${family}/mf-manifest.json`,
      );
      expect(remote!.environment?.SHELL_ORIGIN).toBe(`http://localhost:${gateway.ports?.[0]?.published}`);
      // The shell works without any remote: the gateway never waits for one.
      expect(Object.keys(gateway.depends_on ?? {})).not.toContain(`remote-${family}`);
    }
    expect(published.size).toBe(TOOL_FAMILIES.length);
  });
});
