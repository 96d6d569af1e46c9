// postgres.js 3.4.9 drops some promises of its own when a connection dies at the wrong moment: the array-types query
// every new connection sends (porsager/postgres#1192, #1205, patched in patches/postgres+3.4.9.patch) and others like
// it (#1223). Such a rejection reaches no caller, and Node ends the process on an unhandled rejection: a PostgreSQL
// restart would take every in-flight request of the service with it (the PostgreSQL-kill test saw the prompt service
// exit so; docs/architecture.md, "The driver carries one patch"). The queries the service awaited have failed to their callers
// already (503 "try again"); what is dropped is the driver's own. So an unhandled rejection that is the driver's
// connection error is logged and the process lives; any other still ends the process, as Node's default does.
import type { Logger } from './logger';

/** The driver's errors for a connection that closed, failed to open or was ended by the server. */
const CONNECTION_ERROR_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  // admin_shutdown, crash_shutdown, cannot_connect_now: the server stopping, crashed or starting up.
  '57P01',
  '57P02',
  '57P03',
]);

export function isDriverConnectionError(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  const code = (reason as { code?: unknown }).code;
  return typeof code === 'string' && CONNECTION_ERROR_CODES.has(code);
}

let installed = false;

/** Installs the process's handler once (runService: a service's own process, never a test runner's). */
export function surviveDriverConnectionRejections(logger: Logger): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (isDriverConnectionError(reason)) {
      logger.warn(
        { err: reason },
        'the database driver dropped a failed query of its own; the process carries on',
      );
      return;
    }
    // Any other unhandled rejection is a defect: thrown again, it ends the process as Node's default would.
    throw reason;
  });
}
