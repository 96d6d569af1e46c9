// What identity runs besides its routes, shared by main.ts (through startService) and the tests: on the service's
// database, NATS and outbox, the IDENTITY stream, token revocations, the user-event and email outboxes, the e-mails
// of credits' usage notices and the rate limits; and how to stop them (before the kit closes the outbox, NATS and the
// database). The signing keys and Google sign-in come from the providers step (providers/index.ts).
import { natsNames } from '@act/contracts/server';
import {
  awaitSharedCounters,
  createRevocationList,
  ensureStream,
  jetstreamManager,
  type Logger,
  type NatsConnection,
  type Outbox,
  type ServiceApp,
  type ServiceContext,
  type Sql,
  startRevocationWatcher,
} from '@act/service-kit';
import { createApp, type IdentityAppDeps } from './app';
import type { IdentityConfig } from './config';
import { createIdentityStore, type IdentityStore } from './db/identity-store';
import { createMailQueue } from './domain/mail';
import { startNoticeEmails } from './domain/notice-emails';
import { preparePasswordHashing } from './domain/passwords';
import {
  createAuthRateLimits,
  DEFAULT_RATE_LIMITS,
  scaleRateLimits,
  type RateLimitRules,
} from './domain/rate-limits';
import {
  answerRevocationLists,
  createTokenRevocations,
  type TokenRevocations,
} from './domain/token-revocations';
import { createUserEvents } from './domain/user-events';
import { startDataExportsOf } from './domain/data-exports-setup';
import type { IdentityProviders } from './providers';
import { createSmtpTransport } from './providers/smtp-transport';

/** The service's connections (startService's context, or a test's own). */
export interface IdentityConnections {
  config: Readonly<IdentityConfig>;
  logger: Logger;
  sql: Sql;
  nc: NatsConnection;
  outbox: Outbox;
}

export interface IdentityRuntime {
  deps: Omit<IdentityAppDeps, 'readiness'>;
  /**
   * Stops following and answering revocations, the notice consumer, the mail queue, SMTP and the rate limits (not
   * the connections).
   */
  close(): Promise<void>;
}

export interface RuntimeOverrides {
  rateLimitRules?: RateLimitRules;
}

export async function startIdentityRuntime(
  { config, logger, sql, nc, outbox }: IdentityConnections,
  { keys, google }: IdentityProviders,
  overrides: RuntimeOverrides = {},
): Promise<IdentityRuntime> {
  const store = createIdentityStore(sql);
  const closers: Array<() => Promise<unknown>> = [];
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
    const names = natsNames(config.NATS_NAMESPACE);
    await ensureStream(await jetstreamManager(nc), {
      name: names.identityStream,
      subjects: names.identityStreamSubjects,
      // Credits applies user.created idempotently, so a long window is only a convenience.
      duplicateWindowMs: 10 * 60 * 1000,
      replicas: config.JETSTREAM_REPLICAS,
    });

    const revocations = await startRevocations({ config, logger, store, nc }, closers);

    const events = createUserEvents({ outbox, names });
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
    closers.unshift(
      () => mail.stop(),
      async () => transport?.close(),
      () => rateLimits.close(),
    );
    await awaitSharedCounters(rateLimits, logger);

    // Credits' usage notices, e-mailed when SMTP is configured (docs/charges.md#spend-cap-and-usage-notices).
    const noticeEmails = await startNoticeEmails({
      nc,
      names,
      logger,
      store,
      mail,
      publicUrl: config.PUBLIC_URL,
      replicas: config.JETSTREAM_REPLICAS,
    });
    closers.unshift(() => noticeEmails.stop());

    const dataExports = await startDataExportsOf({ config, logger, sql, nc, names });
    if (dataExports) closers.unshift(() => dataExports.exports.stop());

    await preparePasswordHashing();
    // Anything left unpublished by a previous run goes out now.
    void events.publishPending();

    return {
      deps: {
        config,
        logger,
        sql,
        store,
        nc,
        keys,
        events,
        mail,
        rateLimits,
        google,
        revocations,
        dataExports,
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Revocations: this replica answers list requests, announces what it revokes, and follows the other replicas (its
 * own announcements come back too; applying one twice changes nothing). Its stops join `closers`.
 */
async function startRevocations(
  {
    config,
    logger,
    store,
    nc,
  }: Pick<IdentityConnections, 'config' | 'logger' | 'nc'> & { store: IdentityStore },
  closers: Array<() => Promise<unknown>>,
): Promise<TokenRevocations> {
  const revocationLists = answerRevocationLists({
    nc,
    namespace: config.NATS_NAMESPACE,
    store,
    accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    logger,
  });
  closers.push(async () => revocationLists.stop());
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
  closers.unshift(async () => revocationWatcher.stop());
  return revocations;
}

/** The app as main.ts starts it: the runtime on startService's connections, stopped as the app's drain. */
export async function identityAppOf(
  context: ServiceContext<IdentityConfig, IdentityProviders, true>,
): Promise<ServiceApp> {
  const runtime = await startIdentityRuntime(context, context.providers);
  return { ...createApp({ ...runtime.deps, readiness: context.readiness }), drain: runtime.close };
}
