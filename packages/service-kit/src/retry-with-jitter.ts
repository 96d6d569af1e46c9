// The kit's retry loop for work that must eventually go through (a database write during a failover, a release
// published once NATS is back, the token revocation list once identity answers), on p-retry: exponential back-off
// with jitter, so the replicas and processes that failed together (one outage) do not all come back at the same
// moment. Each wait is the back-off step times a random factor in [1, 2), capped at maxDelayMs; once the cap is
// reached the waits are equal again, but each process keeps the random offset its earlier waits gave it.
import pRetry, { AbortError } from 'p-retry';

export interface JitteredRetryOptions {
  /** The first back-off step (doubles after each failure); the wait is this to twice this. */
  firstDelayMs: number;
  /** Longest wait between two attempts. */
  maxDelayMs: number;
  /** Gives up, rejecting with the last error, once this long has passed since the first attempt (default: never). */
  giveUpAfterMs?: number;
  /** Whether an error is worth another attempt; false rejects with it at once (default: every error is). */
  retryIf?(error: unknown): boolean;
  /** Told of every failed attempt (1 for the first) that will be followed by another, before the wait. */
  onRetry?(error: unknown, attempt: number): void;
  /** Stops waiting: rejects with the signal's reason. */
  signal?: AbortSignal;
  /** A pending wait does not keep the process alive. */
  unref?: boolean;
}

/** Carries whatever an attempt threw through p-retry unchanged (p-retry wants Error instances and never retries a TypeError). */
class Carried extends Error {
  constructor(readonly carried: unknown) {
    super('attempt failed');
  }
}

/**
 * Runs `attempt` (given its number, 1 for the first) until it resolves, waiting with jittered back-off between
 * failures. Rejects with what the last attempt threw, unchanged.
 */
export async function retryWithJitter<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: JitteredRetryOptions,
): Promise<T> {
  const { retryIf = () => true, onRetry, signal } = options;
  const startedAt = Date.now();
  const timeLeft = () =>
    options.giveUpAfterMs === undefined ? Infinity : options.giveUpAfterMs - (Date.now() - startedAt);
  try {
    return await pRetry(
      async (attemptNumber) => {
        try {
          return await attempt(attemptNumber);
        } catch (error) {
          throw retryIf(error) && timeLeft() > 0 ? new Carried(error) : new AbortError(new Carried(error));
        }
      },
      {
        retries: Infinity,
        factor: 2,
        minTimeout: options.firstDelayMs,
        maxTimeout: options.maxDelayMs,
        randomize: true,
        ...(options.giveUpAfterMs !== undefined ? { maxRetryTime: Math.max(0, options.giveUpAfterMs) } : {}),
        ...(signal ? { signal } : {}),
        ...(options.unref ? { unref: true } : {}),
        onFailedAttempt: ({ error, attemptNumber }) => {
          onRetry?.(error instanceof Carried ? error.carried : error, attemptNumber);
        },
      },
    );
  } catch (error) {
    throw error instanceof Carried ? error.carried : error;
  }
}
