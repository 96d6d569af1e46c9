// A credits service for tests: its own database and NATS namespace on the real servers, a local JWKS and token
// minting, a fake Paddle API, the HTTP app on a random port and (optionally) the NATS workers.
import { randomUUID } from 'node:crypto';
import { natsNames, type NatsNames } from '@act/contracts/server';
import {
  connectDatabase,
  connectNats,
  createJwtVerifier,
  jetstream,
  jetstreamManager,
  type Logger,
  type NatsConnection,
  type RunningServer,
  type Sql,
  startOutboxRelay,
} from '@act/service-kit';
import {
  createTestDatabase,
  silentLogger,
  startTestJwks,
  startTestService,
  testNatsUrl,
  uniqueNamespace,
  type TestDatabase,
} from '@act/service-kit/testing';
import { createApp } from '../app';
import { systemClock, type Clock } from '../clock';
import { loadCreditsConfig, type CreditsConfig } from '../config';
import { createCreditsStore } from '../db/credits-store';
import { migrateCreditsDatabase } from '../db/migrate';
import type { CreditsDeps } from '../deps';
import { createNoticeEvents } from '../domain/notice-events';
import { createPaddleClient } from '../providers/paddle';
import { startCreditsWorkers, type CreditsWorkers } from '../workers';
import { startFakePaddle, type FakePaddle } from './paddle-fake';

export const TEST_PRICES = {
  PADDLE_PRICE_PRO_MONTHLY: 'pri_pro_monthly',
  PADDLE_PRICE_PRO_YEARLY: 'pri_pro_yearly',
  PADDLE_PRICE_PREMIUM_MONTHLY: 'pri_premium_monthly',
  PADDLE_PRICE_PREMIUM_YEARLY: 'pri_premium_yearly',
  PADDLE_PRICE_ULTIMATE_MONTHLY: 'pri_ultimate_monthly',
  PADDLE_PRICE_ULTIMATE_YEARLY: 'pri_ultimate_yearly',
} as const;
/** The packs the harness sells: 100, 500 and 2,000 credits, with their Paddle price ids. */
export const TEST_PACK_PRICES = {
  'pack-100': 'pri_pack_100',
  'pack-500': 'pri_pack_500',
  'pack-2000': 'pri_pack_2000',
} as const;
export const TEST_WEBHOOK_SECRET = 'pdl_ntfset_test_secret';
export const TEST_PADDLE_API_KEY = 'pdl_sdbx_apikey_test';

export interface HarnessOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** Start the reserve responder and consumers (default true). */
  workers?: boolean;
  /** Run the sweeper and account job on timers (default false: tests call them directly). */
  periodicJobs?: boolean;
  poolMax?: number;
  /** Where credits logs (default: nowhere); captureLogger() to assert on its lines. */
  logger?: Logger;
  /** How long the Paddle client waits for an answer (default: the client's own). */
  paddleTimeoutMs?: number;
}

export interface CreditsHarness {
  deps: CreditsDeps;
  sql: Sql;
  nc: NatsConnection;
  names: NatsNames;
  namespace: string;
  config: Readonly<CreditsConfig>;
  url: string;
  paddle: FakePaddle;
  workers: CreditsWorkers | undefined;
  /** A valid access token for this user, signed by the test JWKS (with `roles`, a staff member's). */
  tokenFor(userId: string, email?: string, roles?: readonly string[]): Promise<string>;
  /** fetch against the app with an optional bearer token. */
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  close(): Promise<void>;
}

export async function startCreditsHarness(options: HarnessOptions = {}): Promise<CreditsHarness> {
  const database: TestDatabase = await createTestDatabase('credits');
  const sql = connectDatabase(database.url, { max: options.poolMax ?? 10 });
  await migrateCreditsDatabase(sql);
  const jwks = await startTestJwks();
  const paddle = await startFakePaddle(TEST_PADDLE_API_KEY);
  const namespace = uniqueNamespace('cr');
  const config = loadCreditsConfig({
    DATABASE_URL: database.url,
    NATS_URL: testNatsUrl(),
    NATS_NAMESPACE: namespace,
    JWKS_URL: jwks.url,
    LOG_LEVEL: 'silent',
    PADDLE_API_URL: paddle.url,
    PADDLE_API_KEY: TEST_PADDLE_API_KEY,
    PADDLE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    PADDLE_CLIENT_TOKEN: 'test_client_token',
    ...TEST_PRICES,
    CREDIT_PACKS: '100:5,500:20,2000:70',
    PADDLE_PRICE_PACKS: '100=pri_pack_100,500=pri_pack_500,2000=pri_pack_2000',
    ...options.env,
  });
  const nc = await connectNats({ url: config.NATS_URL, name: `credits-test-${namespace}` });
  const logger = options.logger ?? silentLogger('credits');
  const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger });
  const names = natsNames(namespace);
  const deps: CreditsDeps = {
    config,
    sql,
    store: createCreditsStore(sql),
    nc,
    logger,
    clock: options.clock ?? systemClock,
    paddle: createPaddleClient({
      apiUrl: config.PADDLE_API_URL,
      apiKey: config.PADDLE_API_KEY,
      timeoutMs: options.paddleTimeoutMs,
    }),
    verifier: createJwtVerifier({
      jwksUrl: jwks.url,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
    }),
    notices: createNoticeEvents({ outbox, subject: names.noticeRaised }),
  };
  const workers =
    options.workers === false
      ? undefined
      : await startCreditsWorkers(deps, { periodicJobs: options.periodicJobs ?? false });
  const server: RunningServer = await startTestService(createApp(deps).app);

  return {
    deps,
    sql,
    nc,
    names,
    namespace,
    config,
    url: server.url,
    paddle,
    workers,
    tokenFor: (userId, email, roles) => jwks.tokenFor(userId, { email, ...(roles ? { roles } : {}) }),
    request(path, init = {}) {
      const { token, headers, ...rest } = init;
      return fetch(`${server.url}${path}`, {
        ...rest,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(headers as Record<string, string>),
        },
      });
    },
    async close() {
      await server.close();
      await workers?.stop();
      await outbox.stop();
      const jsm = await jetstreamManager(nc);
      for (const stream of [names.usageStream, names.identityStream, names.noticesStream]) {
        await jsm.streams.delete(stream).catch(() => undefined);
      }
      await nc.close();
      await sql.end({ timeout: 5 });
      await jwks.close();
      await paddle.close();
      await database.drop();
    },
  };
}

export function newUserId(): string {
  return randomUUID();
}
