// The reference proxy for the gateway's figures: nginx (Debian's package) reverse-proxying the same service-kit
// hello the gateway proxies, with one worker (the gateway is one Node process) and upstream keep-alive, as a
// production nginx in front of Node would be configured. Optional: without an nginx binary the comparison is skipped.
import { recordBenchChild } from './bench-run';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort, waitFor } from '@act/dev-infra';
import type { BenchServer } from './bench-kit';

const NGINX_CANDIDATES = [process.env.NGINX_BIN, '/usr/sbin/nginx', 'nginx'].filter(Boolean) as string[];

/** The nginx binary to use, or undefined when none runs here. */
export function findNginx(): string | undefined {
  return NGINX_CANDIDATES.find((bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0);
}

export const NGINX_INSTALL_HINT =
  'nginx is not installed (Debian/Ubuntu: apt-get install nginx-light); skipped';

function configFor(dir: string, port: number, upstreamUrl: string): string {
  const upstream = new URL(upstreamUrl);
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream hello { server ${upstream.host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://hello;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`;
}

/** nginx proxying to `upstreamUrl` on a free port; undefined when nginx is not installed. */
export async function startNginxProxy(upstreamUrl: string): Promise<BenchServer | undefined> {
  const bin = findNginx();
  if (!bin) return undefined;
  const dir = await mkdtemp(path.join(tmpdir(), 'act-bench-nginx-'));
  const port = await findFreePort();
  await writeFile(path.join(dir, 'nginx.conf'), configFor(dir, port, upstreamUrl));
  const child = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  recordBenchChild('nginx', child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'nginx',
    () =>
      fetch(`${url}/api/credits/plans`).then(
        (r) => r.ok,
        () => false,
      ),
    {
      timeoutMs: 10_000,
    },
  );
  return {
    port,
    url,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        const done = () => void rm(dir, { recursive: true, force: true }).then(() => resolve());
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        // QUIT: nginx's graceful stop.
        child.kill('SIGQUIT');
      }),
  };
}
