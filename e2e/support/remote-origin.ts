// For the cross-origin remote test: one remote's built bundle served by nginx with the committed static-server config
// of the remote image (scripts/docker/remote.conf.template, filled in as the image's entrypoint does), and a second
// gateway whose /remotes.json points that family at it. The second gateway serves the same shell and routes /api/*
// to the suite's running gateway, so members, credits and tools are the suite's own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GATEWAY_SERVICES } from '@act/contracts/server';
import { findFreePort, startChild, stopChild, waitFor, waitUntilReady } from '@act/dev-infra';
import type { StartedChild } from '@act/dev-infra';
import { repoRoot } from './system';

const NGINX_CANDIDATES = [process.env.NGINX_BIN, '/usr/sbin/nginx', 'nginx'].filter(Boolean) as string[];

/** The nginx binary to use, or undefined when none runs here. */
export function findNginx(): string | undefined {
  return NGINX_CANDIDATES.find((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);
}

/**
 * The remote's own bundle, as its image builds it (`node scripts/build.mjs remotes/<family>`): the suite's global
 * setup has just built it that way, so this only rebuilds when its sources changed since (a second build of the same
 * sources would cost a minute and replace the files the running gateway serves).
 */
export function buildRemoteAlone(family: string): string {
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'build.mjs'), `remotes/${family}`],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`node scripts/build.mjs remotes/${family} failed`);
  return path.join(repoRoot, 'remotes', family, 'dist');
}

/** What the nginx image's entrypoint does to a template: ${NAME} of a defined variable replaced, the rest kept. */
function envsubst(template: string, env: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name: string) => env[name] ?? whole);
}

export interface RemoteOrigin {
  /** e.g. http://127.0.0.1:40123 */
  origin: string;
  manifestUrl: string;
  stop(): Promise<void>;
}

/** Serves `dist` as /remotes/<family>/ with nginx and the remote image's config, CORS for `shellOrigin`. */
export async function serveRemote(
  nginx: string,
  family: string,
  dist: string,
  shellOrigin: string,
): Promise<RemoteOrigin> {
  const dir = await mkdtemp(path.join(tmpdir(), 'act-remote-origin-'));
  // nginx started as root serves files as an unprivileged worker (nobody), which must be able to read them.
  await chmod(dir, 0o755);
  const root = path.join(dir, 'html');
  await cp(dist, path.join(root, 'remotes', family), { recursive: true });
  const port = await findFreePort();
  const template = await readFile(path.join(repoRoot, 'scripts/docker/remote.conf.template'), 'utf8');
  await writeFile(
    path.join(dir, 'remote.conf'),
    envsubst(template, { PORT: `127.0.0.1:${port}`, STATIC_ROOT: root, SHELL_ORIGIN: shellOrigin }),
  );
  // The image's nginx.conf around it: mime types, an unprivileged pid and temp paths.
  const mimeTypes = ['/etc/nginx/mime.types', path.join(path.dirname(nginx), '../conf/mime.types')].find(
    (f) => fs.existsSync(f),
  );
  if (!mimeTypes) throw new Error('nginx mime.types not found');
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include ${mimeTypes};
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/remote.conf;
}
`,
  );
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => void rm(dir, { recursive: true, force: true }).then(() => resolve());
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      // QUIT: nginx's graceful stop.
      child.kill('SIGQUIT');
    });
  try {
    await waitFor(
      'nginx serving the remote',
      () =>
        fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeoutMs: 10_000 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, manifestUrl: `${origin}/remotes/${family}/mf-manifest.json`, stop };
}

export interface SecondGateway {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * A gateway on `port` serving the built shell, with `remoteEnv` (REMOTE_<FAMILY>_URL) for /remotes.json, the
 * other remotes from the checkout, and every /api/* route forwarded to the suite's gateway at `apiUrl`.
 */
export async function startSecondGateway(
  port: number,
  apiUrl: string,
  remoteEnv: Record<string, string>,
): Promise<SecondGateway> {
  const opsPort = await findFreePort();
  const upstreams = Object.fromEntries(
    GATEWAY_SERVICES.flatMap(({ urlEnv, opsUrlEnv }) => [
      [urlEnv, apiUrl],
      [opsUrlEnv, apiUrl],
    ]),
  );
  const child: StartedChild = startChild({
    name: 'gateway-2',
    cwd: path.join(repoRoot, 'gateway'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      OPS_PORT: String(opsPort),
      JWKS_URL: `${apiUrl}/api/identity/.well-known/jwks.json`,
      STATIC_DIR: path.join(repoRoot, 'shell', 'dist'),
      REMOTES_DIR: path.join(repoRoot, 'remotes'),
      RATE_LIMIT_PER_MINUTE: '100000',
      ...upstreams,
      ...remoteEnv,
    },
  });
  await waitUntilReady(child, `http://127.0.0.1:${opsPort}/readyz`, { tailInError: true });
  return {
    baseUrl: `http://localhost:${port}`,
    stop: () => stopChild(child.process, 'SIGTERM', 10_000),
  };
}
