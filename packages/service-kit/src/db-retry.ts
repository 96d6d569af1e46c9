// Retrying a write that must not be lost while PostgreSQL restarts or fails over (docs/charges.md): the final write
// of a chat reply that completed is retried the way the outbox relay retries its publishes, instead of answering the
// member with an error. Only errors that can go away by themselves are retried; a refused statement is not.
import { isDatabaseUnavailable } from './database';
import type { Logger } from './logger';
import { retryWithJitter } from './retry-with-jitter';

/** A transaction that lost a race (serialization failure, deadlock): the same transaction may go through again. */
const LOST_RACE_SQLSTATES = new Set(['40001', '40P01']);

/**
 * True when the same write may succeed a moment later: the database was unreachable or restarting (the one
 * definition, `isDatabaseUnavailable`, that also answers 503), or the transaction lost a race.
 */
export function isTransientDbError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return isDatabaseUnavailable(error) || (typeof code === 'string' && LOST_RACE_SQLSTATES.has(code));
}

export interface DbRetryOptions {
  /** Gives up (rethrowing the last error) once this moment (epoch ms) has passed. */
  until: number;
  logger: Logger;
  /** What is being written, for the log line. */
  what: string;
  /** First back-off step; doubles up to maxDelayMs, each wait jittered (retryWithJitter). */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/** Runs `write` until it succeeds, retrying transient database errors with jittered back-off until `until`. */
export function retryWhileDbUnavailable<T>(
  write: () => Promise<T>,
  { until, logger, what, firstDelayMs = 100, maxDelayMs = 2_000 }: DbRetryOptions,
): Promise<T> {
  return retryWithJitter(
    async (attempt) => {
      const result = await write();
      if (attempt > 1) logger.info({ attempt, what }, 'database write went through after retries');
      return result;
    },
    {
      firstDelayMs,
      maxDelayMs,
      giveUpAfterMs: until - Date.now(),
      retryIf: isTransientDbError,
      onRetry: (error, attempt) => {
        if (attempt === 1) logger.warn({ err: error, what }, 'database unavailable; retrying the write');
      },
    },
  );
}
