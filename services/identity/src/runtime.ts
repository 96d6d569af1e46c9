// Wiring shared by main.ts and the tests: database (migrated), NATS with the IDENTITY stream, signing keys, the
// user-event and email outboxes, rate limits and the optional Google provider — and how to close them in order.
import { natsNames } from '@act/contracts/server';
import {
  connectDatabase,
  connectNats,
  createRevocationList,
  ensureStream,
  startOutboxRelay,
  startRevocationWatcher,
  startPeriodicJob,
  type Logger,
} from '@act/service-kit';
import type { IdentityAppDeps } from './app';
import type { IdentityConfig } from './config';
import { migrateIdentityDatabase } from './db/migrate';
import { createIdentityStore } from './db/identity-store';
import { createMailQueue } from './domain/mail';
import { preparePasswordHashing } from './domain/passwords';
import {
  createAuthRateLimits,
  DEFAULT_RATE_LIMITS,
  scaleRateLimits,
  type RateLimitRules,
} from './domain/rate-limits';
import { keyStoreFromEnv, keyStoreFromFile, type KeyStore } from './domain/signing-keys';
import { answerRevocationLists, createTokenRevocations } from './domain/token-revocations';
import { createUserEvents } from './domain/user-events';
import { createGoogleOidc } from './providers/google-oidc';
import { createSmtpTransport } from './providers/smtp-transport';

const HOUSEKEEPING_INTERVAL_MS = 3600 * 1000;

export interface IdentityRuntime {
  deps: IdentityAppDeps;
  /** Closes background jobs, NATS, Redis and the database, in that order. */
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  rateLimitRules?: RateLimitRules;
  keys?: KeyStore;
}

export async function startIdentityRuntime(
  config: Readonly<IdentityConfig>,
  logger: Logger,
  overrides: RuntimeOverrides = {},
): Promise<IdentityRuntime> {
  const keys =
    overrides.keys ??
    (config.IDENTITY_SIGNING_KEYS
      ? await keyStoreFromEnv(config.IDENTITY_SIGNING_KEYS, {
          accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        })
      : await keyStoreFromFile({
          dir: config.IDENTITY_KEYS_DIR,
          rotationDays: config.IDENTITY_KEY_ROTATION_DAYS,
          accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
        }));

  const sql = connectDatabase(config.DATABASE_URL);
  const store = createIdentityStore(sql);
  const closers: Array<() => Promise<unknown>> = [() => sql.end({ timeout: 5 })];
  const close = async () => {
    for (const closer of closers) {
      try {
        await closer();
      } catch (error) {
        logger.warn({ err: error }, 'error while closing identity dependencies');
      }
    }
  };

  try {
    const applied = await migrateIdentityDatabase(sql);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');

    const nc = await connectNats({
      url: config.NATS_URL,
      name: 'identity',
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
    });
    closers.unshift(() => nc.drain());
    const names = natsNames(config.NATS_NAMESPACE);
    await ensureStream(await nc.jetstreamManager(), {
      name: names.identityStream,
      subjects: names.identityStreamSubjects,
      // Credits applies user.created idempotently, so a long window is only a convenience.
      duplicateWindowMs: 10 * 60 * 1000,
      replicas: config.JETSTREAM_REPLICAS,
    });

    // Revocations: this replica answers list requests, announces what it revokes, and follows the other replicas
    // (its own announcements come back too; applying one twice changes nothing).
    const revocationLists = answerRevocationLists({
      nc,
      namespace: config.NATS_NAMESPACE,
      store,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      logger,
    });
    const revocations = createTokenRevocations({
      nc,
      namespace: config.NATS_NAMESPACE,
      list: createRevocationList(),
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      logger,
    });
    const revocationWatcher = await startRevocationWatcher({
      nc,
      namespace: config.NATS_NAMESPACE,
      list: revocations.list,
      logger,
    });
    closers.unshift(
      async () => revocationWatcher.stop(),
      async () => revocationLists.stop(),
    );

    const outbox = startOutboxRelay({ sql, js: nc.jetstream(), logger });
    const events = createUserEvents({ outbox, subject: names.userCreated });
    const transport = config.SMTP_URL
      ? createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : undefined;
    const mail = createMailQueue({ store, logger, transport });
    const rateLimits = createAuthRateLimits({
      rules:
        overrides.rateLimitRules ??
        scaleRateLimits(DEFAULT_RATE_LIMITS, config.IDENTITY_RATE_LIMIT_MULTIPLIER),
      redisUrl: config.REDIS_URL,
    });
    const housekeeping = startPeriodicJob({
      name: 'housekeeping',
      intervalMs: HOUSEKEEPING_INTERVAL_MS,
      logger,
      run: () => store.deleteExpiredRows(),
    });
    closers.unshift(
      () => outbox.stop(),
      () => mail.stop(),
      () => housekeeping.stop(),
      async () => transport?.close(),
      () => rateLimits.close(),
    );

    const google =
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? createGoogleOidc({
            issuer: config.GOOGLE_ISSUER,
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            redirectUri: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/identity/callback`,
          })
        : undefined;
    if (!google) logger.info('GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET not set: Google sign-in is off');

    await preparePasswordHashing();
    // Anything left unpublished by a previous run goes out now.
    void events.publishPending();

    return {
      deps: { config, logger, sql, store, nc, keys, events, mail, rateLimits, google, revocations },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
