// The steps of launchService (service.ts, docs/architecture.md#starting-a-service): the shutdown order, filled as
// each dependency comes up; the storage the config names (database, migrated, and object store); then NATS and what
// rides on it (the credits client, the token verifier that follows revocations, the outbox relay).
import { createCreditsClient } from './charges';
import { createJwtVerifier } from './auth';
import { observeOutboxBacklog, observeStuckJobs } from './backlog-metrics';
import type { DatabaseConfig } from './config';
import { connectDatabase, type Sql } from './database';
import type { FileService } from '@act/contracts';
import type { ObjectStoreConfig } from './files';
import type { ReadinessChecks } from './http-app';
import type { Logger } from './logger';
import { serviceMetrics } from './metrics';
import { connectNats, jetstream } from './nats';
import { startOutboxRelay } from './outbox';
import { startRevocationWatcher } from './revocations';
import type { Closer, ProviderContext, ServiceConfig, ServiceOptions } from './service';
import type { ToolServiceConfig } from './tool-service';

/** Seconds the pool's end waits for queries in flight before cutting them (within server.ts's CLOSE_BUDGET_MS). */
const DATABASE_END_TIMEOUT_S = 3;

/** What closes at shutdown after the service's own closers, in this order. */
export type ShutdownPlan = Record<'jobs' | 'outbox' | 'nats' | 'database' | 'tracing', Closer[]>;

/** The start context as it is filled (sql, files and the rest are added as they come up). */
type StartFields<C> = ProviderContext<C> & { readiness: ReadinessChecks } & Record<string, unknown>;

/** The settings startService reads beyond ServiceConfig: what the service reaches. */
type Reaches = Partial<DatabaseConfig & ObjectStoreConfig & ToolServiceConfig>;

/**
 * The shutdown order, filled as each dependency comes up, so a failure part way closes what is open in that order:
 * `first` (the app's drain), the service's closers, periodic jobs, the outbox, NATS, the database, the traces.
 */
export function shutdownSteps(stopTracing: Closer | undefined, logger: Logger) {
  const closers: Closer[] = [];
  const shutdown: ShutdownPlan = {
    jobs: [],
    outbox: [],
    nats: [],
    database: [],
    // Last, so the spans of the shutdown itself are exported too.
    tracing: stopTracing ? [stopTracing] : [],
  };
  const closeAll = async (first: Closer[]) => {
    const { jobs, outbox, nats, database, tracing } = shutdown;
    for (const step of [...first, ...closers, ...jobs, ...outbox, ...nats, ...database, ...tracing]) {
      try {
        await step();
      } catch (error) {
        logger.warn({ err: error }, 'error while closing a dependency');
      }
    }
  };
  return { shutdown, closeAll, onClose: (closer: Closer) => void closers.push(closer) };
}

/** The database (migrated, observed) and the object store, where the config names them; readiness checks the first. */
export async function connectStorage<C extends ServiceConfig>(
  options: Pick<ServiceOptions<C, unknown, boolean>, 'migrate' | 'outbox' | 'jobs'>,
  providerContext: ProviderContext<C>,
  shutdown: ShutdownPlan,
): Promise<{ sql: Sql | undefined; start: StartFields<C> }> {
  const { name, config, logger } = providerContext;
  const readiness: ReadinessChecks = {};
  const start: StartFields<C> = { ...providerContext, readiness };
  const settings = config as Reaches;
  let sql: Sql | undefined;
  if (settings.DATABASE_URL) {
    const db = connectDatabase(settings.DATABASE_URL, { max: settings.DATABASE_POOL_MAX });
    sql = db;
    shutdown.database.push(() => db.end({ timeout: DATABASE_END_TIMEOUT_S }));
    start.sql = db;
    // Readiness checks the database only (docs/architecture.md#nats-down): with NATS away the routes that need
    // only data stay served, and charged calls refuse themselves at once.
    readiness.database = () => db`select 1`;
    // MIGRATE_AT_START=false: a step before this process (`migrate`) did it (docs/deploy.md#migrations).
    if (options.migrate && settings.MIGRATE_AT_START !== false) {
      const applied = await options.migrate(db);
      if (applied.length > 0) logger.info({ applied }, 'database migrated');
    }
    const registry = serviceMetrics(name).registry;
    if (options.outbox) observeOutboxBacklog(registry, db);
    if (options.jobs) observeStuckJobs(registry, db);
  }
  if (settings.FILE_URL_SECRET && settings.S3_BUCKET) {
    // Loaded only by the services that store files: the S3 client is heavy.
    const { createObjectStore } = await import('./files');
    // The config holds S3_BUCKET only where the service keeps files (the store's FileService names); the library
    // holds FILE_URL_SECRET alone, to sign URLs of the files other services keep.
    start.files = createObjectStore(settings as ObjectStoreConfig, { service: name as FileService });
  }
  return { sql, start };
}

/** NATS, then the credits client, the verifier and the outbox relay where the config (and options) ask for them. */
export async function connectMessaging<C extends ServiceConfig>(
  options: Pick<ServiceOptions<C, unknown, boolean>, 'outbox'>,
  start: StartFields<C>,
  sql: Sql | undefined,
  shutdown: ShutdownPlan,
): Promise<Record<string, unknown>> {
  const { name, config, logger } = start;
  const settings = config as Reaches;
  const nc = await connectNats({
    url: config.NATS_URL,
    name,
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
  });
  shutdown.nats.push(() => nc.drain());
  const context: Record<string, unknown> = { ...start, nc };
  if (settings.CREDITS_TIMEOUT_MS !== undefined) {
    context.credits = createCreditsClient({
      nc,
      namespace: config.NATS_NAMESPACE,
      timeoutMs: settings.CREDITS_TIMEOUT_MS,
      ...(settings.CHARGE_LEASE_MS ? { leaseMs: settings.CHARGE_LEASE_MS } : {}),
      logger,
      // Counted on the service's /metrics (credits_charges_total), the registry its app serves.
      metrics: serviceMetrics(name),
    });
  }
  if (settings.JWKS_URL) {
    // Signed-out sessions and changed passwords end access tokens at once (identity announces them over NATS).
    const revocations = await startRevocationWatcher({ nc, namespace: config.NATS_NAMESPACE, logger });
    shutdown.nats.unshift(async () => revocations.stop());
    context.verifier = createJwtVerifier({
      jwksUrl: settings.JWKS_URL,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocations: revocations.list,
    });
  }
  if (options.outbox) {
    if (!sql) throw new Error(`${name}: an outbox needs DATABASE_URL`);
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger });
    // What the drain saved goes out before NATS closes; anything left waits in the table for the next start.
    shutdown.outbox.push(
      () => outbox.publishPending(),
      () => outbox.stop(),
    );
    context.outbox = outbox;
  }
  return context;
}
