// Test harness: the real identity app on a fresh database and NATS namespace, and the real gateway process in
// front of it (spawned, since services may not import the gateway), with every log line captured for assertions.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES } from '@act/contracts';
import type { RunningServer, Sql } from '@act/service-kit';
import {
  captureLogger,
  createTestDatabase,
  startTestService,
  testNatsUrl,
  uniqueNamespace,
  type CapturedLogger,
} from '@act/service-kit/testing';
import { createApp } from '../app';
import { loadIdentityConfig, type IdentityConfig } from '../config';
import { DEFAULT_RATE_LIMITS, scaleRateLimits, type RateLimitRules } from '../domain/rate-limits';
import { startIdentityRuntime, type IdentityRuntime, type RuntimeOverrides } from '../runtime';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Limits high enough that a test's own traffic never trips them (tests that want a 429 pass their own). */
export const RELAXED_RATE_LIMITS: RateLimitRules = scaleRateLimits(DEFAULT_RATE_LIMITS, 1000);

export interface IdentityUnderTest {
  url: string;
  /** The ops listener (/readyz, /metrics). */
  opsUrl: string;
  config: Readonly<IdentityConfig>;
  runtime: IdentityRuntime;
  sql: Sql;
  namespace: string;
  logs: CapturedLogger;
  close(): Promise<void>;
}

export interface StartIdentityOptions extends RuntimeOverrides {
  env?: Record<string, string>;
}

export async function startIdentity(options: StartIdentityOptions = {}): Promise<IdentityUnderTest> {
  const database = await createTestDatabase('identity');
  const keysDir = await mkdtemp(path.join(tmpdir(), 'identity-keys-'));
  const namespace = uniqueNamespace('idn');
  const config = loadIdentityConfig({
    DATABASE_URL: database.url,
    NATS_URL: testNatsUrl(),
    NATS_NAMESPACE: namespace,
    IDENTITY_KEYS_DIR: keysDir,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'trace',
    ...options.env,
  });
  const logs = captureLogger('identity', 'trace');
  const runtime = await startIdentityRuntime(config, logs.logger, {
    rateLimitRules: options.rateLimitRules ?? RELAXED_RATE_LIMITS,
    keys: options.keys,
  });
  let server: RunningServer;
  try {
    server = await startTestService(createApp(runtime.deps), logs.logger);
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return {
    url: server.url,
    opsUrl: server.opsUrl,
    config,
    runtime,
    sql: runtime.deps.sql,
    namespace,
    logs,
    async close() {
      await server.close();
      await runtime.close();
      await database.drop();
      await rm(keysDir, { recursive: true, force: true });
    },
  };
}

export interface GatewayUnderTest {
  url: string;
  /** Everything the gateway process wrote (its JSON log lines). */
  output(): string;
  close(): Promise<void>;
}

/** Starts the real gateway (gateway/src/main.ts) in front of identity; resolves once it listens. */
export async function startGateway(options: {
  identity: Pick<IdentityUnderTest, 'url' | 'opsUrl'>;
  port?: number;
  env?: Record<string, string>;
}): Promise<GatewayUnderTest> {
  const port = options.port ?? (await freePort());
  const opsPort = await freePort();
  const identityUrl = options.identity.url;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      OPS_PORT: String(opsPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      IDENTITY_URL: identityUrl,
      IDENTITY_OPS_URL: options.identity.opsUrl,
      JWKS_URL: `${identityUrl}${API_ROUTES.identity.jwks}`,
      RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited during start:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${opsPort}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gateway did not start within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    output: () => output,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
