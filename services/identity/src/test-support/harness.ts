// Test harness: the real identity app on a fresh database and NATS namespace, and the real gateway process in
// front of it (service-kit's startChildService: services may not import the gateway), every log line captured.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ROUTES } from '@act/contracts';
import { natsNames } from '@act/contracts/server';
import {
  connectDatabase,
  connectNats,
  jetstream,
  jetstreamManager,
  type RunningServer,
  type Sql,
  startOutboxRelay,
} from '@act/service-kit';
import {
  captureLogger,
  createTestDatabase,
  startChildService,
  startTestService,
  testNatsUrl,
  uniqueNamespace,
  type CapturedLogger,
} from '@act/service-kit/testing';
import { createApp } from '../app';
import { loadIdentityConfig, type IdentityConfig } from '../config';
import { DEFAULT_RATE_LIMITS, scaleRateLimits, type RateLimitRules } from '../domain/rate-limits';
import { migrateIdentityDatabase } from '../db/migrate';
import type { KeyStore } from '../domain/signing-keys';
import { loadIdentityProviders } from '../providers';
import { startIdentityRuntime, type IdentityRuntime, type RuntimeOverrides } from '../runtime';

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
  keys?: KeyStore;
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
  // What startService connects in main.ts, connected here in the same order and closed in the same order.
  const logger = logs.logger;
  const providers = await loadIdentityProviders(config, logger, options.keys);
  const sql = connectDatabase(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
  await migrateIdentityDatabase(sql);
  const nc = await connectNats({ url: config.NATS_URL, name: 'identity' });
  const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger });
  const closeConnections = async () => {
    await outbox.stop();
    // The NOTICES stream this test namespace's identity created (credits owns it in production).
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(natsNames(namespace).noticesStream).catch(() => undefined);
    await nc.drain();
    await sql.end({ timeout: 5 });
  };
  let runtime: IdentityRuntime;
  let server: RunningServer;
  try {
    runtime = await startIdentityRuntime({ config, logger, sql, nc, outbox }, providers, {
      rateLimitRules: options.rateLimitRules ?? RELAXED_RATE_LIMITS,
    });
  } catch (error) {
    await closeConnections();
    throw error;
  }
  try {
    server = await startTestService(createApp(runtime.deps).app, logger);
  } catch (error) {
    await runtime.close();
    await closeConnections();
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
      await closeConnections();
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

/**
 * Starts the real gateway (gateway/src/main.ts) in front of identity, following its token revocations on the test's
 * NATS namespace; resolves once it listens.
 */
export async function startGateway(options: {
  identity: Pick<IdentityUnderTest, 'url' | 'opsUrl' | 'namespace'>;
  port?: number;
  env?: Record<string, string>;
}): Promise<GatewayUnderTest> {
  const identityUrl = options.identity.url;
  const gateway = await startChildService(
    'gateway',
    {
      IDENTITY_URL: identityUrl,
      IDENTITY_OPS_URL: options.identity.opsUrl,
      JWKS_URL: `${identityUrl}${API_ROUTES.identity.jwks}`,
      NATS_URL: testNatsUrl(),
      NATS_NAMESPACE: options.identity.namespace,
      RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    // Liveness, not readiness: the gateway's /readyz would also wait for services these tests do not run.
    { port: options.port, readyPath: '/healthz' },
  );
  return {
    url: gateway.url,
    output: gateway.output,
    async close() {
      await gateway.stop();
    },
  };
}

export interface StandInUpstream {
  url: string;
  /** The gateway env that sends the credits routes (API_ROUTES.credits) to the stand-in. */
  gatewayEnv: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A stand-in for the credits service behind the gateway that answers 200 `{ success: true }` to anything, so a 401 on
 * one of its member routes can only be the gateway's own token check.
 */
export async function startStandInUpstream(): Promise<StandInUpstream> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    gatewayEnv: { CREDITS_URL: url, CREDITS_OPS_URL: url },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
