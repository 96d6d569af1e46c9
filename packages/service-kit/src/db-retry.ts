// Retrying a write that must not be lost while PostgreSQL restarts or fails over (docs/charges.md): the final write
// of a chat reply that completed is retried the way the outbox relay retries its publishes, instead of answering the
// member with an error. Only errors that can go away by themselves are retried; a refused statement is not.
import type { Logger } from './logger';

/** postgres.js's own codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * SQLSTATEs worth another try: connection exceptions (class 08), the server shutting down or starting
 * (57P01-57P03), too many connections or out of resources (class 53), and a transaction that lost a race
 * (serialization failure, deadlock).
 */
function isRetryableState(state: string): boolean {
  return (
    state.startsWith('08') ||
    state.startsWith('53') ||
    state === '57P01' ||
    state === '57P02' ||
    state === '57P03' ||
    state === '40001' ||
    state === '40P01'
  );
}

/** True when the database was unreachable or restarting: the same statement may succeed a moment later. */
export function isTransientDbError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return CONNECTION_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isRetryableState(code));
}

export interface DbRetryOptions {
  /** Gives up (rethrowing the last error) once this moment (epoch ms) has passed. */
  until: number;
  logger: Logger;
  /** What is being written, for the log line. */
  what: string;
  /** First wait; doubles up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Runs `write` until it succeeds, retrying transient database errors with back-off until `until`. */
export async function retryWhileDbUnavailable<T>(
  write: () => Promise<T>,
  { until, logger, what, firstDelayMs = 100, maxDelayMs = 2_000 }: DbRetryOptions,
): Promise<T> {
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await write();
      if (attempt > 1) logger.info({ attempt, what }, 'database write went through after retries');
      return result;
    } catch (error) {
      if (!isTransientDbError(error) || Date.now() + delay > until) throw error;
      if (attempt === 1) logger.warn({ err: error, what }, 'database unavailable; retrying the write');
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(maxDelayMs, delay * 2);
    }
  }
}
