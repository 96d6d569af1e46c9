// The one way a service process starts and stops (docs/architecture.md#starting-a-service). Its config says what it reaches
// (DATABASE_URL: its database, JWKS_URL: the JWT verifier that follows token revocations, CREDITS_TIMEOUT_MS: the
// credits client, FILE_URL_SECRET: the object store), and startService connects exactly those, in one order for
// every service: config, logger, traces (when OTEL_* asks for them), providers, database (migrated), object store,
// NATS and what rides on it, outbox relay, periodic jobs, the app, then serving. On SIGTERM it stops in one order too:
// readiness fails and no new connection is taken; requests in flight finish within SHUTDOWN_GRACE_MS; then the app's
// drain (work a member left running), the service's own closers, periodic jobs, the outbox (published first),
// revocations and NATS, the database, and last the traces still buffered.
import {
  MEMBER_EXPORT_SERVICES,
  natsNames,
  type MemberExportPart,
  type MemberExportService,
} from '@act/contracts/server';
import type { CreditsClient } from './charges';
import type { JwtVerifier } from './auth';
import type { BaseConfig } from './config';
import type { Sql } from './database';
import { poolHealth } from './database-pool';
import type { ObjectStore } from './files';
import type { HttpApp, ReadinessChecks } from './http-app';
import { createLogger, type Logger } from './logger';
import { runMemberDeletion } from './member-deletion';
import { answerMemberExport } from './member-export';
import { serviceMetrics } from './metrics';
import { exitAfterMigrating, isMigrateCommand } from './migrate-command';
import type { NatsConnection } from './nats';
import type { Outbox } from './outbox';
import { startPeriodicJob, type PeriodicJobOptions } from './periodic-job';
import { runService } from './run-service';
import { serveFromConfig, type RunningServer, type ServerConfig } from './server';
import { connectMessaging, connectStorage, shutdownSteps } from './service-steps';
import { startTracing } from './tracing';

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
  (C extends { S3_BUCKET: string } ? { files: ObjectStore } : unknown);

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
  /**
   * Deletes everything the service holds for a member whose account was deleted (idempotent): run on each
   * identity.user.deleted by the kit's member-deletion consumer (docs/architecture.md#member-deletion).
   */
  deleteMember?(context: ServiceContext<C, P, O>): (userId: string, deletedAt: Date) => Promise<void>;
  /**
   * Everything the service keeps for a member, and nobody else's: its part of the member's data export, answered on
   * `member.export.<service>` (docs/architecture.md#data-export). Only the services identity asks may set it.
   */
  exportMember?(context: ServiceContext<C, P, O>): (userId: string) => Promise<MemberExportPart>;
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
  const steps = shutdownSteps(await startTracing(name, { logger }), logger);
  try {
    const providerContext: ProviderContext<C> = { name, config, logger, onClose: steps.onClose };
    // Providers first: what the config alone decides (keys, provider adapters, their warnings) fails before anything
    // is connected.
    const providers = (options.providers ? await options.providers(providerContext) : undefined) as P;
    const { sql, start } = await connectStorage(options, providerContext, steps.shutdown);
    const serviceContext = (await connectMessaging(
      options,
      { ...start, providers },
      sql,
      steps.shutdown,
    )) as ServiceContext<C, P, O>;
    for (const job of options.periodicJobs?.(serviceContext) ?? []) {
      const started = startPeriodicJob({ ...job, logger });
      steps.shutdown.jobs.push(() => started.stop());
    }

    steps.shutdown.jobs.push(...startMemberDataWork(options, serviceContext));

    const service = await options.createApp(serviceContext);
    // Liveness watches the pool: a pool whose calls time out and which hands out no connection for long is stuck,
    // and only a restart frees it (readiness alone would take the replica out of rotation and leave it there).
    const health = sql ? poolHealth(sql) : undefined;
    if (health) service.app.addLivenessCheck('database', () => !health.isStuck());
    const server = await serveFromConfig(service.app, config, logger, [
      () => steps.closeAll(service.drain ? [() => service.drain!()] : []),
    ]);
    if (options.ready) {
      const [fields, message] = options.ready(serviceContext);
      logger.info(fields, message);
    }
    return { context: serviceContext, server };
  } catch (error) {
    await steps.closeAll([]);
    throw error;
  }
}

/**
 * The member's own data on the bus, for the services that keep some: their deletion on identity.user.deleted
 * (docs/architecture.md#member-deletion) and their part of an export (#data-export). Returns the stops for shutdown.
 */
function startMemberDataWork<C extends ServiceConfig, P, O extends boolean>(
  options: ServiceOptions<C, P, O>,
  context: ServiceContext<C, P, O>,
): Closer[] {
  const { name, config, logger, nc } = context;
  const stops: Closer[] = [];
  if (options.deleteMember) {
    const deletion = runMemberDeletion({
      nc,
      logger,
      namespace: config.NATS_NAMESPACE,
      service: name,
      deleteMember: options.deleteMember(context),
      registry: serviceMetrics(name).registry,
      // Every service's config has it (baseConfigSchema); ServiceConfig does not name it.
      replicas: (config as { JETSTREAM_REPLICAS?: number }).JETSTREAM_REPLICAS,
    });
    stops.push(() => deletion.stop());
  }
  if (options.exportMember) {
    if (!(MEMBER_EXPORT_SERVICES as readonly string[]).includes(name))
      throw new Error(`${name} is not among the services a member export asks (MEMBER_EXPORT_SERVICES)`);
    const responder = answerMemberExport({
      nc,
      names: natsNames(config.NATS_NAMESPACE),
      logger,
      service: name as MemberExportService,
      collect: options.exportMember(context),
    });
    stops.push(() => responder.stop());
  }
  return stops;
}
