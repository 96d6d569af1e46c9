// @act/dev-infra: the embedded PostgreSQL, NATS and S3 behind `npm start` and the test suite.
export {
  createDatabases,
  dropDatabases,
  databaseUrl,
  dropUserDatabases,
  redactUrl,
  startEmbeddedPostgres,
} from './embedded-postgres';
export type { EmbeddedPostgresHandle, EmbeddedPostgresOptions } from './embedded-postgres';
export { startKillablePostgres, type KillablePostgres } from './killable-postgres';
export { findNatsServer, NATS_INSTALL_HINT, startNats } from './nats-server';
export { natsPasswordEnv, natsUsersFor, renderNatsAuthorization } from './nats-auth';
export type { NatsUser } from './nats-auth';
export type { NatsServerHandle, NatsServerOptions } from './nats-server';
export { DEFAULT_S3_BUCKET, startS3 } from './s3-server';
export type { S3Env, S3ServerHandle, S3ServerOptions } from './s3-server';
export { natsAnswers, postgresAnswers, resolveInfra } from './resolve-infra';
export type { InfraSource, ResolvedInfra, ResolveInfraOptions } from './resolve-infra';
export { childPidFile, stopRecordedChildren } from './child-pids';
export type { ChildPidFile } from './child-pids';
export { findFreePort, isPortFree, probeTcp, waitFor } from './net';
export {
  DataDirBusyError,
  isProcessAlive,
  killPid,
  processName,
  removeDeadRunDirs,
  stopChild,
} from './processes';
export { buildSystemEnv, keptSecret, presentServices, startServices } from './system';
export type { ChildSpec, RoutedService, StartChildReady, SystemEnv, SystemEnvOptions } from './system';
export { startChild, waitUntilBoundAndReady, waitUntilReady } from './child';
export type { StartedChild } from './child';
export { DEFAULT_BACKOFF, startReadyChild, supervise } from './supervisor';
export type { BackoffOptions, Incarnation, SuperviseOptions, Supervision } from './supervisor';
export { createLogLineFormatter, logFormatFor } from './log-lines';
export type { LogFormat } from './log-lines';
