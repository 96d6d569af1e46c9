// The library service's Koa app, built from its dependencies so tests run the real routes over HTTP; it also runs
// the consumer that keeps the read model (stopped once the requests in flight have finished).
import { natsNames } from '@act/contracts/server';
import {
  createServiceHttpApp,
  type JwtVerifier,
  type Logger,
  type NatsConnection,
  type ReadinessChecks,
  type ServiceApp,
  type ServiceContext,
  type Sql,
} from '@act/service-kit';
import type { LibraryConfig } from './config';
import { createLibraryStore } from './db/library-store';
import { startCreationsConsumer } from './domain/creations-consumer';
import { createChatAnswers } from './domain/chat-answer';
import { createItemDeleter } from './domain/delete-item';
import { createItemViews } from './domain/item-views';
import { createLibraryRouter } from './routes/library.routes';

export interface LibraryAppDeps {
  logger: Logger;
  verifier: JwtVerifier;
  readiness?: ReadinessChecks;
  sql: Sql;
  nc: NatsConnection;
  config: Pick<
    LibraryConfig,
    | 'NATS_NAMESPACE'
    | 'FILE_URL_SECRET'
    | 'FILE_URL_TTL_S'
    | 'LIBRARY_DELETE_TIMEOUT_MS'
    | 'LIBRARY_MAX_DELIVER'
    | 'JETSTREAM_REPLICAS'
  >;
}

export async function createApp(deps: LibraryAppDeps): Promise<ServiceApp> {
  const { logger, nc, config } = deps;
  const names = natsNames(config.NATS_NAMESPACE);
  const store = createLibraryStore(deps.sql);
  const consumer = await startCreationsConsumer({
    nc,
    names,
    logger,
    store,
    maxDeliver: config.LIBRARY_MAX_DELIVER,
    replicas: config.JETSTREAM_REPLICAS,
  });
  const router = createLibraryRouter({
    verifier: deps.verifier,
    store,
    views: createItemViews(config.FILE_URL_SECRET, config.FILE_URL_TTL_S),
    deleter: createItemDeleter({ nc, names, store, logger, timeoutMs: config.LIBRARY_DELETE_TIMEOUT_MS }),
    // Reading one answer waits no longer than a delete does for its owning service.
    answers: createChatAnswers({ nc, names, logger, timeoutMs: config.LIBRARY_DELETE_TIMEOUT_MS }),
  });
  return {
    app: createServiceHttpApp('library', deps, [router]),
    drain: () => consumer.stop(),
  };
}

/** The app as main.ts starts it. */
export function libraryAppOf(context: ServiceContext<LibraryConfig, undefined, false>): Promise<ServiceApp> {
  const { logger, verifier, readiness, sql, nc, config } = context;
  return createApp({ logger, verifier, readiness, sql, nc, config });
}
