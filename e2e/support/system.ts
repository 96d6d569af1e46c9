// Starts the whole product for browser tests: builds the shell and remotes when stale (scripts/build.mjs), resolves
// PostgreSQL, NATS and S3 (env URLs or the embedded defaults, as `npm start` does), then every service present in
// services/*/src/main.ts and the gateway on a free port. Databases and NATS subjects are namespaced `e2e` so a run
// never touches the data of `npm start` on the same servers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { GATEWAY_SERVICES } from '@act/contracts';
import { createDatabases, databaseUrl, findFreePort, resolveInfra, stopChild, waitFor } from '@act/dev-infra';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LaunchOptions {
  /** 0 picks a free port. */
  gatewayPort?: number;
  /** Parent folder of the embedded servers' data and the identity keys. */
  dataDir?: string;
  /** Prefix of each service's database name and of the NATS namespace. */
  namespace?: string;
  /** Print the children's output (they are quiet otherwise; the last lines are shown when one fails). */
  verbose?: boolean;
  /** Extra environment for every service; its DATABASE_URL and NATS_URL, when they answer, are used as the infra. */
  env?: NodeJS.ProcessEnv;
}

export interface RunningSystem {
  baseUrl: string;
  /** Admin URL of the PostgreSQL server; each service's database is `<namespace>_<service>` on it. */
  databaseUrl: string;
  namespace: string;
  stop(): Promise<void>;
}

interface Child {
  name: string;
  process: ChildProcess;
  tail: string[];
}

/** Runs `npm run build`, which only rebuilds the shell and remotes whose sources changed. */
export function buildFrontEnds(): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('Building the shell and remotes failed');
}

export async function launchSystem(options: LaunchOptions = {}): Promise<RunningSystem> {
  const dataDir = options.dataDir ?? path.join(repoRoot, '.data', 'e2e');
  const namespace = options.namespace ?? 'e2e';
  const log = (line: string) => console.log(`[e2e] ${line}`);
  const children: Child[] = [];
  let stopping = false;

  const infra = await resolveInfra({
    dataDir,
    need: { postgres: true, nats: true, s3: true },
    env: { ...process.env, ...options.env },
    log,
  });
  const stop = async () => {
    stopping = true;
    for (const child of [...children].reverse()) await stopChild(child.process, 'SIGTERM', 10_000);
    await infra.stop();
  };

  try {
    const services = GATEWAY_SERVICES.filter(({ service }) =>
      fs.existsSync(path.join(repoRoot, 'services', service, 'src', 'main.ts')),
    );
    const dbName = (service: string) => `${namespace}_${service}`;
    await createDatabases(
      infra.databaseUrl!,
      services.map(({ service }) => dbName(service)),
    );
    const gatewayPort = options.gatewayPort || (await findFreePort());
    const baseUrl = `http://localhost:${gatewayPort}`;
    const identityKeysDir = path.join(dataDir, 'identity-keys');
    fs.mkdirSync(identityKeysDir, { recursive: true, mode: 0o700 });

    const ports = new Map<string, number>();
    for (const { service } of services) ports.set(service, await findFreePort());
    const identityPort = ports.get('identity');
    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      NATS_URL: infra.natsUrl,
      NATS_NAMESPACE: namespace,
      JWKS_URL: `http://127.0.0.1:${identityPort ?? 0}/api/identity/.well-known/jwks.json`,
      ...infra.s3,
      ...options.env,
    };

    const spawnChild = (name: string, cwd: string, env: NodeJS.ProcessEnv): Child => {
      const child: Child = {
        name,
        // `--import tsx` resolves from the child's folder up to the root node_modules (npm workspaces hoist it).
        process: spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
          cwd,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
        tail: [],
      };
      for (const stream of [child.process.stdout!, child.process.stderr!]) {
        readline.createInterface({ input: stream }).on('line', (line) => {
          child.tail.push(line);
          if (child.tail.length > 40) child.tail.shift();
          if (options.verbose) console.log(`[${name}] ${line}`);
        });
      }
      child.process.once('exit', (code, signal) => {
        // A crash mid-suite would otherwise only show up as refused connections in the browser.
        if (!stopping)
          log(`${name} exited (${signal ?? `code ${code}`}); last output:\n${child.tail.join('\n')}`);
      });
      children.push(child);
      return child;
    };

    const ready = (child: Child, url: string) =>
      waitFor(
        `${child.name} at ${url}`,
        async () => {
          const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
          await response.body?.cancel();
          return response.ok;
        },
        {
          timeoutMs: 120_000,
          intervalMs: 200,
          abort: () =>
            child.process.exitCode !== null
              ? new Error(`${child.name} exited before it was ready:\n${child.tail.join('\n')}`)
              : undefined,
        },
      );

    await Promise.all(
      services.map(({ service }) => {
        const port = ports.get(service)!;
        const env: NodeJS.ProcessEnv = {
          ...shared,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl(infra.databaseUrl!, dbName(service)),
          ...(service === 'identity'
            ? {
                IDENTITY_KEYS_DIR: identityKeysDir,
                PUBLIC_URL: baseUrl,
                // Every test signs up from 127.0.0.1; the production limits would stop the suite half-way.
                IDENTITY_RATE_LIMIT_MULTIPLIER: '1000',
              }
            : {}),
        };
        const child = spawnChild(service, path.join(repoRoot, 'services', service), env);
        return ready(child, `http://127.0.0.1:${port}/readyz`);
      }),
    );

    const gatewayEnv: NodeJS.ProcessEnv = {
      ...shared,
      PORT: String(gatewayPort),
      STATIC_DIR: path.join(repoRoot, 'shell', 'dist'),
      REMOTES_DIR: path.join(repoRoot, 'remotes'),
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    delete gatewayEnv.DATABASE_URL;
    delete gatewayEnv.HOST;
    for (const { service, urlEnv } of GATEWAY_SERVICES) {
      const port = ports.get(service);
      if (port) gatewayEnv[urlEnv] = `http://127.0.0.1:${port}`;
      else delete gatewayEnv[urlEnv];
    }
    const gateway = spawnChild('gateway', path.join(repoRoot, 'gateway'), gatewayEnv);
    await ready(gateway, `http://127.0.0.1:${gatewayPort}/api/health`);
    log(`system ready at ${baseUrl} (${services.map((s) => s.service).join(', ')}, gateway)`);
    return { baseUrl, databaseUrl: infra.databaseUrl!, namespace, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
