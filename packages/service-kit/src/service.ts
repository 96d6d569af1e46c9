// The one way a service process starts and stops (docs/architecture.md#starting-a-service). Its config says what it reaches
// (DATABASE_URL: its database, JWKS_URL: the JWT verifier that follows token revocations, CREDITS_TIMEOUT_MS: the
// credits client, FILE_URL_SECRET: the object store), and startService connects exactly those, in one order for
// every service: config, logger, traces (when OTEL_* asks for them), providers, database (migrated), object store,
// NATS and what rides on it, outbox relay, periodic jobs, the app, then serving. On SIGTERM it stops in one order too:
// readiness fails and no new connection is taken; requests in flight finish within SHUTDOWN_GRACE_MS; then the app's
// drain (work a member left running), the service's own closers, periodic jobs, the outbox (published first),
// revocations and NATS, the database, and last the traces still buffered.
import { createCreditsClient, type CreditsClient } from './charges';
import { createJwtVerifier, type JwtVerifier } from './auth';
import { observeOutboxBacklog, observeStuckJobs } from './backlog-metrics';
import type { BaseConfig, DatabaseConfig } from './config';
import { connectDatabase, type Sql } from './database';
import { poolHealth } from './database-pool';
import type { FileService } from '@act/contracts';
import type { ObjectStore, ObjectStoreConfig } from './files';
import type { HttpApp, ReadinessChecks } from './http-app';
import { createLogger, type Logger } from './logger';
import { exitAfterMigrating, isMigrateCommand } from './migrate-command';
import { serviceMetrics } from './metrics';
import { connectNats, jetstream, type NatsConnection } from './nats';
import { startOutboxRelay, type Outbox } from './outbox';
import { startPeriodicJob, type PeriodicJobOptions } from './periodic-job';
import { startRevocationWatcher } from './revocations';
import { runService } from './run-service';
import { serveFromConfig, type RunningServer, type ServerConfig } from './server';
import type { ToolServiceConfig } from './tool-service';
import { startTracing } from './tracing';

/** Seconds the pool's end waits for queries in flight before cutting them (within server.ts's CLOSE_BUDGET_MS). */
const DATABASE_END_TIMEOUT_S = 3;

/** What every service's config has: listeners, log level, NATS and the tokens' issuer (see baseConfigSchema). */
export type ServiceConfig = ServerConfig &
  Pick<
    BaseConfig,
    | 'LOG_LEVEL'
    | 'NATS_URL'
    | 'NATS_USER'
    | 'NATS_PASSWORD'
    | 'NATS_NAMESPACE'
    | 'JWT_ISSUER'
    | 'JWT_AUDIENCE'
  >;

/** What a service's `createApp(deps)` returns, in every service: the app, and what a stopping replica waits for. */
export interface ServiceApp {
  app: HttpApp;
  /**
   * Once the requests in flight have finished: waits for the work they left running (a generation whose member
   * closed the tab, a job) and stops the service's own background work. Before the outbox, NATS and the database
   * close, so that work can still save, publish and settle.
   */
  drain?(): Promise<void>;
}

/** A step run at shutdown, after the app's drain and before periodic jobs, the outbox, NATS and the database. */
export type Closer = () => Promise<unknown>;

/** What the providers step is given: the config and logger, before anything is connected. */
export interface ProviderContext<C> {
  name: string;
  config: Readonly<C>;
  logger: Logger;
  /** Registers a closer (providers, engines, pools), run in the order registered. */
  onClose(closer: Closer): void;
}

/** The context once the database and object store are there (what the config says the service reaches). */
export type StartContext<C> = ProviderContext<C> & {
  /** What /readyz checks, for the app (createHttpApp): the database where there is one, never NATS. */
  readiness: ReadinessChecks;
} & (C extends { DATABASE_URL: string } ? { sql: Sql } : unknown) &
  (C extends { FILE_URL_SECRET: string } ? { files: ObjectStore } : unknown);

/** The context once NATS is up: the connection, and the verifier and credits client when the config asks for them. */
export type ServiceContext<C, P, O extends boolean> = StartContext<C> & {
  nc: NatsConnection;
  providers: P;
} & (C extends { JWKS_URL: string } ? { verifier: JwtVerifier } : unknown) &
  (C extends { CREDITS_TIMEOUT_MS: number } ? { credits: CreditsClient } : unknown) &
  (O extends true ? { outbox: Outbox } : unknown);

export interface ServiceOptions<C extends ServiceConfig, P, O extends boolean> {
  /** The service's name: its logger, NATS connection name and metrics registry. */
  name: string;
  loadConfig(): Readonly<C>;
  /** Applies the service's migrations (needs DATABASE_URL); what it applied is logged. */
  migrate?(sql: Sql): Promise<string[]>;
  /** Relays the transactional outbox to JetStream (needs the kit's OUTBOX_MIGRATIONS among the migrations). */
  outbox?: O;
  /** The service runs the kit's jobs (JOBS_MIGRATIONS among its migrations): /metrics reports stuck ones. */
  jobs?: boolean;
  /** Provider adapters, engines, keys: first, before anything connects; the place for 'no …_API_KEY' warnings. */
  providers?(context: ProviderContext<C>): P | Promise<P>;
  /** Background jobs the service runs; stopped after the app's drain. */
  periodicJobs?(context: ServiceContext<C, P, O>): Array<Omit<PeriodicJobOptions, 'logger'>>;
  createApp(context: ServiceContext<C, P, O>): ServiceApp | Promise<ServiceApp>;
  /** The line logged once the service serves (its fields and message). */
  ready?(context: ServiceContext<C, P, O>): [fields: Record<string, unknown>, message: string];
}

export interface StartedService<C, P, O extends boolean> {
  context: ServiceContext<C, P, O>;
  server: RunningServer;
}

/**
 * main.ts: starts the service, and on failure says why on stderr and exits 1 (runService). Started as
 * `<entry> migrate`, it applies the service's migrations and exits instead (migrate-command.ts).
 */
export function startService<C extends ServiceConfig, P = undefined, O extends boolean = false>(
  options: ServiceOptions<C, P, O>,
): void {
  if (isMigrateCommand()) return exitAfterMigrating(options.name, options.migrate);
  runService(options.name, async () => {
    await launchService(options);
  });
}

/** startService without the exit on failure (tests): resolves once the service serves. */
export async function launchService<C extends ServiceConfig, P = undefined, O extends boolean = false>(
  options: ServiceOptions<C, P, O>,
): Promise<StartedService<C, P, O>> {
  const { name } = options;
  const config = options.loadConfig();
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  // First: the instrumentations must be in place before any app, pool or client is made (docs/operations.md#traces).
  const stopTracing = await startTracing(name, { logger });
  const closers: Closer[] = [];
  // Filled as each dependency comes up, so a failure part way closes what is open, in the shutdown order.
  const shutdown: Record<'jobs' | 'outbox' | 'nats' | 'database' | 'tracing', Closer[]> = {
    jobs: [],
    outbox: [],
    nats: [],
    database: [],
    // Last, so the spans of the shutdown itself are exported too.
    tracing: stopTracing ? [stopTracing] : [],
  };
  const closeAll = async (first: Closer[]) => {
    for (const step of [
      ...first,
      ...closers,
      ...shutdown.jobs,
      ...shutdown.outbox,
      ...shutdown.nats,
      ...shutdown.database,
      ...shutdown.tracing,
    ]) {
      try {
        await step();
      } catch (error) {
        logger.warn({ err: error }, 'error while closing a dependency');
      }
    }
  };

  try {
    const providerContext: ProviderContext<C> = {
      name,
      config,
      logger,
      onClose: (closer: Closer) => void closers.push(closer),
    };
    const readiness: ReadinessChecks = {};
    const start: Record<string, unknown> = { ...providerContext, readiness };
    const settings = config as Partial<DatabaseConfig & ObjectStoreConfig & ToolServiceConfig>;

    // Providers first: what the config alone decides (keys, provider adapters, their warnings) fails before anything
    // is connected.
    const providers = (options.providers ? await options.providers(providerContext) : undefined) as P;

    let sql: Sql | undefined;
    if (settings.DATABASE_URL) {
      sql = connectDatabase(settings.DATABASE_URL, { max: settings.DATABASE_POOL_MAX });
      const db = sql;
      shutdown.database.push(() => db.end({ timeout: DATABASE_END_TIMEOUT_S }));
      start.sql = sql;
      // Readiness checks the database only (docs/architecture.md#nats-down): with NATS away the routes that need
      // only data stay served, and charged calls refuse themselves at once.
      readiness.database = () => db`select 1`;
      // MIGRATE_AT_START=false: a step before this process (`migrate`) did it (docs/deploy.md#migrations).
      if (options.migrate && settings.MIGRATE_AT_START !== false) {
        const applied = await options.migrate(sql);
        if (applied.length > 0) logger.info({ applied }, 'database migrated');
      }
      const registry = serviceMetrics(name).registry;
      if (options.outbox) observeOutboxBacklog(registry, sql);
      if (options.jobs) observeStuckJobs(registry, sql);
    }
    if (settings.FILE_URL_SECRET) {
      // Loaded only by the services that store files: the S3 client is heavy.
      const { createObjectStore } = await import('./files');
      // The config holds FILE_URL_SECRET only where the service keeps files (the store's FileService names).
      start.files = createObjectStore(settings as ObjectStoreConfig, { service: name as FileService });
    }

    const nc = await connectNats({
      url: config.NATS_URL,
      name,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
    });
    shutdown.nats.push(() => nc.drain());
    const context: Record<string, unknown> = { ...start, nc, providers };
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
    const serviceContext = context as ServiceContext<C, P, O>;
    for (const job of options.periodicJobs?.(serviceContext) ?? []) {
      const started = startPeriodicJob({ ...job, logger });
      shutdown.jobs.push(() => started.stop());
    }

    const service = await options.createApp(serviceContext);
    // Liveness watches the pool: a pool whose calls time out and which hands out no connection for long is stuck,
    // and only a restart frees it (readiness alone would take the replica out of rotation and leave it there).
    const health = sql ? poolHealth(sql) : undefined;
    if (health) service.app.addLivenessCheck('database', () => !health.isStuck());
    const server = await serveFromConfig(service.app, config, logger, [
      () => closeAll(service.drain ? [() => service.drain!()] : []),
    ]);
    if (options.ready) {
      const [fields, message] = options.ready(serviceContext);
      logger.info(fields, message);
    }
    return { context: serviceContext, server };
  } catch (error) {
    await closeAll([]);
    throw error;
  }
}
