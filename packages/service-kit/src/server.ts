// Listening and graceful shutdown: the public listener (PORT) and the ops listener (OPS_PORT: probes and metrics);
// on SIGTERM/SIGINT stop taking new work, let in-flight requests (open event streams too) finish within the grace
// while readiness says 503 on the ops port, then close dependencies (NATS drain, database pool) in the order given.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryLimitBytes } from './body-memory';
import type { HttpApp } from './http-app';
import { hasLauncherChannel, reportListening, stopWithLauncher } from './launcher-channel';
import type { Logger } from './logger';

export interface StartOptions {
  port: number;
  host: string;
  /** Port of the ops listener (/healthz, /readyz, /metrics) on the same host; 0 (the default) picks a free one. */
  opsPort?: number;
  logger: Logger;
  /** Closed in order after the HTTP server has drained. */
  onClose?: Array<() => Promise<unknown>>;
  /**
   * How long in-flight requests, streamed replies included, may run after close() before their connections are
   * cut (SHUTDOWN_GRACE_MS; a service with long streams sets it to cover its longest). Meanwhile no new connection
   * is accepted and readiness answers 503.
   */
  graceMs?: number;
  /** Register SIGTERM/SIGINT handlers (main.ts: yes; tests: no). */
  handleSignals?: boolean;
}

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /** Base URL of the ops listener: `${opsUrl}/readyz`, `${opsUrl}/metrics`. */
  opsUrl: string;
  opsPort: number;
  close(): Promise<void>;
}

/** While draining, how often connections that finished their last reply are closed. */
const IDLE_SWEEP_MS = 100;
/**
 * After the grace, how long closing (the app's drain, the outbox, NATS, the database) may take before a signalled
 * process exits anyway: work stuck on the database or NATS never holds a deploy
 * (docs/architecture.md#starting-a-service). Within the 10 s the pods and containers give on top of
 * SHUTDOWN_GRACE_MS (docs/configuration.md).
 */
export const CLOSE_BUDGET_MS = 5_000;

export async function startHttpServer(app: HttpApp, options: StartOptions): Promise<RunningServer> {
  const { logger, onClose = [], graceMs = 10_000, handleSignals = false } = options;
  const server = createServer(app.callback());
  // Keep-alive longer than typical proxy idle timeouts, so the gateway never reuses a socket we are closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 300_000;

  const opsServer = createServer(app.opsListener);
  opsServer.requestTimeout = 10_000;

  const port = await listen(server, options.port, options.host, logger);
  let opsPort: number;
  try {
    opsPort = await listen(opsServer, options.opsPort ?? 0, options.host, logger);
  } catch (error) {
    server.close();
    throw error;
  }
  reportListening({ port, opsPort });
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${host}:${port}`;
  const opsUrl = `http://${host}:${opsPort}`;
  logger.info({ url, opsUrl }, 'listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      app.markDraining();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // A streamed reply's headers said keep-alive before the drain began: once it ends, its connection turns idle
      // and would otherwise linger until keepAliveTimeout. Sweep idle connections until every one has gone.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await drained;
      clearInterval(sweep);
      clearTimeout(timer);
      // The ops listener stays up through the drain, so readiness answers 503 instead of refusing connections.
      const opsClosed = new Promise<void>((resolve) => opsServer.close(() => resolve()));
      opsServer.closeAllConnections();
      await opsClosed;
      for (const fn of onClose) {
        try {
          await fn();
        } catch (error) {
          logger.warn({ err: error }, 'error while closing a dependency');
        }
      }
      logger.info('stopped');
    })();
    return closing;
  };

  if (handleSignals) {
    const onSignal = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'shutting down');
      setTimeout(() => {
        logger.error(
          { graceMs, closeBudgetMs: CLOSE_BUDGET_MS },
          'shutdown passed its deadline with work still open (a stuck database or NATS call): exiting',
        );
        process.exit(1);
      }, graceMs + CLOSE_BUDGET_MS).unref();
      void close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
    // The launcher that started us is gone (even killed outright): stop as on a terminal's hang-up.
    stopWithLauncher(() => onSignal('SIGHUP'));
  }

  return { server, url, port, opsUrl, opsPort, close };
}

async function listen(server: Server, port: number, host: string, logger: Logger): Promise<number> {
  const bind = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await bind(port);
  } catch (error) {
    // Under a local launcher a taken port is another copy's: a free one instead, which the launcher is told.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0 || !hasLauncherChannel())
      throw error;
    await bind(0);
    logger.warn(
      { port, bound: (server.address() as AddressInfo).port },
      'port in use; listening on a free one',
    );
  }
  return (server.address() as AddressInfo).port;
}

/** The listener settings every deployed process reads from its environment (service and gateway configs alike). */
export interface ServerConfig {
  PORT: number;
  HOST: string;
  OPS_PORT: number;
  SHUTDOWN_GRACE_MS: number;
  /** The process's memory limit in MB when it is not its container's (sizes the body budget, body-memory.ts). */
  MEMORY_LIMIT_MB?: number;
  /** The minimum rate of request bodies (body-read-deadline.ts); its default when unset. */
  BODY_MIN_BYTES_PER_SECOND?: number;
  BODY_RATE_WINDOW_MS?: number;
}

/**
 * A main.ts's server: ports, host and shutdown grace from its config, SIGTERM/SIGINT handled, then `onClose` run in
 * order once in-flight requests have drained.
 */
export function serveFromConfig(
  app: HttpApp,
  config: ServerConfig,
  logger: Logger,
  onClose: StartOptions['onClose'] = [],
): Promise<RunningServer> {
  if (config.MEMORY_LIMIT_MB !== undefined) {
    app.bodyMemory.resize(memoryLimitBytes(config.MEMORY_LIMIT_MB));
  }
  app.bodyReadDeadline.configure({
    minBytesPerSecond: config.BODY_MIN_BYTES_PER_SECOND,
    windowMs: config.BODY_RATE_WINDOW_MS,
  });
  return startHttpServer(app, {
    port: config.PORT,
    host: config.HOST,
    opsPort: config.OPS_PORT,
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    handleSignals: true,
    onClose,
  });
}
