// @act/service-kit: the building blocks every Koa service and the gateway share.
export { default as Router } from '@koa/router';
export { z } from 'zod';
export {
  baseConfigSchema,
  databaseConfigFields,
  loadConfig,
  configUrl,
  ConfigError,
  graceCoversWork,
  shutdownGraceField,
  type BaseConfig,
  type DatabaseConfig,
} from './config';
export { createLogger, type Logger, type LoggerOptions } from './logger';
export { AppError, ErrorCode, isAppError, type AppErrorOptions } from './errors';
export {
  createHttpApp,
  type HttpApp,
  type HttpAppOptions,
  type AppState,
  type ReadinessChecks,
} from './http-app';
export {
  BodyMemoryBudget,
  bodyMemoryBudgetBytes,
  containerMemoryLimit,
  memoryLimitBytes,
  BODY_MEMORY_FACTOR,
  BODY_MEMORY_SHARE,
  type BodyCharge,
} from './body-memory';
export {
  BodyReadDeadline,
  DEFAULT_BODY_MIN_BYTES_PER_SECOND,
  DEFAULT_BODY_RATE_WINDOW_MS,
  type BodyRateSettings,
} from './body-read-deadline';
export {
  errorEventOf,
  openEventStream,
  wantsEventStream,
  type ErrorEvent,
  DEFAULT_HEARTBEAT_MS,
  type EventStream,
  type EventStreamOptions,
  type DoneFields,
  type ProgressEvent,
  type ReplySpec,
} from './respond';
export {
  createMetrics,
  serviceMetrics,
  PROVIDER_CALL_OUTCOMES,
  CHARGE_METRIC_OUTCOMES,
  type ChargeMetricOutcome,
  type ProviderCallLabels,
  type ProviderCallOutcome,
  type ServiceMetrics,
} from './metrics';
// The provider layer: its one export list is providers/index.ts.
export * from './providers';
export { parseInput } from './validate';
export { rankPassages, selectPassages, tokenize, type RankedPassage } from './passage-ranking';
export { createCitationRenumberer, renumberCitations, type CitationRenumberer } from './citation-numbers';
export { assertStorableText, findUnstorableText } from './storable-text';
export {
  encodeCursor,
  decodeCursor,
  afterCursor,
  pageOf,
  isUuid,
  type CursorPosition,
  type Page,
} from './cursor';
export { findOwned, deleteOwned, type OwnedTable, type OwnedKey } from './owned';
export {
  createJwtVerifier,
  requireUser,
  requireRole,
  hasRole,
  optionalUser,
  userOf,
  clientIp,
  bearerToken,
  type AuthUser,
  type JwtVerifier,
  type JwtVerifierOptions,
} from './auth';
export {
  connectDatabase,
  runMigrations,
  isUniqueViolation,
  isDatabaseUnavailable,
  type Db,
  type Sql,
  type TransactionSql,
  type DatabaseOptions,
} from './database';
export {
  PoolAcquireTimeoutError,
  PoolInsideTransactionError,
  poolHealth,
  type PoolHealth,
} from './database-pool';
export { isTransientDbError, retryWhileDbUnavailable, type DbRetryOptions } from './db-retry';
export {
  AckPolicy,
  connectNats,
  ensureStream,
  isNatsConnected,
  jetstream,
  JetStreamApiCodes,
  jetStreamApiCode,
  jetstreamManager,
  natsHeaders,
  natsReady,
  watchConnection,
  answerWhenDone,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type MsgHdrs,
  type NatsConnection,
  type NatsOptions,
  type StreamOptions,
  type Subscription,
} from './nats';
export {
  createRevocationList,
  startRevocationWatcher,
  type RevocableToken,
  type RevocationList,
  type RevocationListOptions,
  type RevocationWatcher,
  type RevocationWatcherOptions,
} from './revocations';
export { runService } from './run-service';
// Files made for one request: the one way their download headers are set (stored objects: `@act/service-kit/files`).
export { MEMBER_DATA_CACHE, sendDownload, type Download } from './files/download';
// Signing alone (no S3 client): the library signs URLs of files its owning services keep.
export { createUrlSigner, type UrlSigner } from './files/signed-urls';
export {
  activeTraceContext,
  batchSpan,
  inSpan,
  startTracing,
  tracingConfigured,
  tracingOn,
  withTraceContext,
  SpanKind,
  type StopTracing,
  type TraceContext,
} from './tracing';
export {
  extractTraceContext,
  injectTraceContext,
  traceHeaderRecord,
  TRACE_HEADERS,
  type HeaderReader,
  type HeaderWriter,
} from './trace-headers';
export { processBatchSpan, processSpan, sendSpan } from './nats-spans';
export {
  createOpenAiClient,
  openAiConfigFields,
  openAiKeyOf,
  openAiFailure,
  type OpenAiClientOptions,
  type OpenAiSettings,
} from './openai-client';
export { toolServiceConfigFields, type ToolServiceConfig } from './tool-service';
export {
  createServiceHttpApp,
  storingToolAppDeps,
  toolAppDeps,
  type StoringToolAppDeps,
  type ToolAppDeps,
} from './tool-app';
export { routeRequests } from './routing';
export { observeOutboxBacklog, observeStuckJobs, JOB_STUCK_AFTER_S } from './backlog-metrics';
export { observeJetStream, type JetStreamTargets } from './jetstream-metrics';
export { MIGRATE_COMMAND, isMigrateCommand, runMigrateCommand } from './migrate-command';
export {
  launchService,
  startService,
  type Closer,
  type ServiceApp,
  type ServiceConfig,
  type ServiceContext,
  type ServiceOptions,
  type ProviderContext,
  type StartContext,
  type StartedService,
} from './service';
export {
  awaitSharedCounters,
  createRateLimitStore,
  consumeOrRefuse,
  type RateLimitStore,
  type LimitRule,
  type RateLimiterAbstract,
} from './rate-limits';
export {
  serveFromConfig,
  startHttpServer,
  type RunningServer,
  type ServerConfig,
  type StartOptions,
} from './server';
export {
  createCreditsClient,
  payerOf,
  ReserveNotSentError,
  reserveCharge,
  runChargedTool,
  settleCharge,
  settlementMessage,
  requestSignal,
  reserveRefusal,
  type CreditsClient,
  type CreditsClientOptions,
  type Charge,
  type ChargeInput,
  type ChargeRef,
  type ChargedCall,
  type ChargedToolResult,
  type RunOptions,
} from './charges';
export {
  createWorkPool,
  isWorkTimeout,
  WorkTimeoutError,
  type WorkPool,
  type WorkPoolOptions,
  type PoolJob,
} from './work-pool';
export {
  createJobRunner,
  JOBS_MIGRATIONS,
  type JobContext,
  type JobHandler,
  type JobOutcome,
  type JobRecord,
  type JobRunner,
  type JobRunnerOptions,
  type JobStatus,
  type SubmitInput,
  type WaitOptions,
} from './jobs';
export {
  ensureDurableConsumer,
  parseEvent,
  PoisonMessageError,
  startDurableWorker,
  type DurableConsumerOptions,
  type DurableWorker,
  type DurableWorkerOptions,
} from './durable-worker';
export { startPeriodicJob, type PeriodicJob, type PeriodicJobOptions } from './periodic-job';
export {
  startOutboxRelay,
  OUTBOX_MIGRATIONS,
  type Outbox,
  type OutboxMessage,
  type OutboxOptions,
} from './outbox';
export { enqueueCreationCreated, enqueueCreationDeleted, ensureCreationsStream } from './creations';
export {
  backfillCreations,
  creationAnnouncer,
  deleteOwnedCreation,
  deletedUnlessMissing,
  startCreationOwner,
  CREATIONS_MIGRATIONS,
  type CreationAnnouncer,
  type CreationOf,
  type CreationOwner,
  type CreationOwnerOptions,
} from './creation-owner';
export {
  answerMemberExport,
  exportRow,
  exportRows,
  requestMemberExport,
  MemberExportFailed,
  type MemberExportResponder,
  type MemberExportResponderOptions,
} from './member-export';
export {
  mountEndpoint,
  type Caller,
  type CallerOf,
  type EndpointCall,
  type Guest,
  type Member,
  type EndpointHandler,
  type EndpointInput,
  type EndpointParams,
  type EndpointReply,
  type MountOptions,
} from './mount-endpoint';
export { createInFlight, type InFlight } from './in-flight';
export {
  memberDeletionConsumer,
  runMemberDeletion,
  startMemberDeletion,
  type MemberDeletionOptions,
} from './member-deletion';
