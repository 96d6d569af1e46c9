// Listening and graceful shutdown: on SIGTERM/SIGINT stop taking new work, let in-flight requests finish,
// then close dependencies (NATS drain, database pool) in the order given.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpApp } from './http-app';
import type { Logger } from './logger';

export interface StartOptions {
  port: number;
  host: string;
  logger: Logger;
  /** Closed in order after the HTTP server has drained. */
  onClose?: Array<() => Promise<unknown>>;
  graceMs?: number;
  /** Register SIGTERM/SIGINT handlers (main.ts: yes; tests: no). */
  handleSignals?: boolean;
}

export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startHttpServer(app: HttpApp, options: StartOptions): Promise<RunningServer> {
  const { logger, onClose = [], graceMs = 10_000, handleSignals = false } = options;
  const server = createServer(app.callback());
  // Keep-alive longer than typical proxy idle timeouts, so the gateway never reuses a socket we are closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 300_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${host}:${port}`;
  logger.info({ url }, 'listening');

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      app.markDraining();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
      await drained;
      clearTimeout(timer);
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
      void close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }

  return { server, url, port, close };
}
