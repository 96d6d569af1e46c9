// The one retry rule for provider calls (docs/providers.md#retries), on p-retry: which failures are tried again, how
// often, and how long to wait (an exponential back-off with jitter, or the provider's own Retry-After). A call that a
// provider may have accepted and charged is never repeated unless the adapter says repeating it is harmless.
import pRetry, { AbortError } from 'p-retry';
import { ProviderError, isTimeoutError, neverSent, providerStatusOf, retryAfterMsOf } from './provider-error';

export interface ProviderRetryOptions {
  /**
   * Whether repeating the call is harmless even if the provider already received it: reads (GET, HEAD, status polls,
   * downloads), and paid calls that docs/providers.md#retries names as safe to repeat. Only these are retried after
   * a 5xx; every call may be retried when it was refused before it was sent, or answered 429.
   */
  idempotent: boolean;
  /** Further attempts after the first (default 1). */
  retries?: number;
  /** First back-off (default 500 ms), doubled for each later one; each is multiplied by a random factor in [1, 2). */
  delayMs?: number;
  /** Longest back-off (default 10 s). */
  maxDelayMs?: number;
  /** Longest Retry-After honoured (default 5 s); a provider asking for longer fails now instead of holding the call. */
  maxRetryAfterMs?: number;
  /** The caller's signal: once aborted nothing is retried, and a pause in progress ends with its reason. */
  signal?: AbortSignal;
  /** Told before each retry (for a log line); `afterMs` is the provider's Retry-After when it gave one. */
  onRetry?(info: { error: unknown; attempt: number; afterMs?: number }): void;
}

export const DEFAULT_RETRY_DELAY_MS = 500;
export const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;

/** Whether the rule tries this failure again, and after how long when the provider said (Retry-After). */
export type RetryVerdict = { retry: false } | { retry: true; afterMs?: number };

const NO: RetryVerdict = { retry: false };

function isAbort(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'APIUserAbortError';
}

/** The rule itself (docs/providers.md#retries), for one failed attempt. */
export function retryVerdict(
  error: unknown,
  options: Pick<ProviderRetryOptions, 'idempotent' | 'maxRetryAfterMs' | 'signal'>,
): RetryVerdict {
  // Stopped by its caller, or out of time: the member has already waited that long.
  if (options.signal?.aborted || isAbort(error) || isTimeoutError(error)) return NO;
  // An adapter that classified the failure where it saw it (by this rule: retryVerdict) has the last word.
  if (error instanceof ProviderError) return withinCeiling(error.retryable, error.retryAfterMs, options);
  // Refused before anything was sent: nobody saw the request, so nothing can have been done or billed.
  if (neverSent(error)) return { retry: true };
  const status = providerStatusOf(error);
  if (status === undefined) return NO;
  // 429: the provider turned the call away without doing it. 5xx: it may have done the work, so reads only.
  if (status !== 429 && !(status >= 500 && options.idempotent)) return NO;
  return withinCeiling(true, retryAfterMsOf(error), options);
}

function withinCeiling(
  retry: boolean,
  afterMs: number | undefined,
  options: Pick<ProviderRetryOptions, 'maxRetryAfterMs'>,
): RetryVerdict {
  if (!retry) return NO;
  if (afterMs === undefined) return { retry: true };
  return afterMs <= (options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS) ? { retry: true, afterMs } : NO;
}

/** Carries whatever an attempt threw through p-retry unchanged (p-retry wants Error instances). */
class Carried extends Error {
  constructor(readonly carried: unknown) {
    super('provider call failed');
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Runs `call` (given its attempt number, 1 for the first) and retries it by the rule of docs/providers.md#retries.
 * Resolves with its result; rejects with what the last attempt threw, unchanged (or the signal's reason when the
 * caller stopped a pause).
 */
export async function retryProviderCall<T>(
  call: (attempt: number) => Promise<T>,
  options: ProviderRetryOptions,
): Promise<T> {
  const retries = options.retries ?? 1;
  const { signal } = options;
  // The provider's Retry-After for the failure being handled: waited as asked, instead of p-retry's back-off.
  let serverWaitMs: number | undefined;
  try {
    return await pRetry(
      async (attempt) => {
        try {
          return await call(attempt);
        } catch (error) {
          const verdict = retryVerdict(error, options);
          if (!verdict.retry) throw new AbortError(new Carried(error));
          serverWaitMs = verdict.afterMs;
          throw new Carried(error);
        }
      },
      {
        retries,
        factor: 2,
        minTimeout: options.delayMs ?? DEFAULT_RETRY_DELAY_MS,
        maxTimeout: options.maxDelayMs ?? 10_000,
        // Jitter: many callers failing together do not all come back at the same moment.
        randomize: true,
        ...(signal ? { signal } : {}),
        // A wait the provider chose is taken in onFailedAttempt and uses no back-off step; attempts are counted here.
        shouldConsumeRetry: () => serverWaitMs === undefined,
        shouldRetry: ({ attemptNumber }) => attemptNumber <= retries,
        onFailedAttempt: async ({ error, attemptNumber }) => {
          if (attemptNumber > retries) return;
          const failure = error instanceof Carried ? error.carried : error;
          options.onRetry?.({
            error: failure,
            attempt: attemptNumber,
            ...(serverWaitMs !== undefined ? { afterMs: serverWaitMs } : {}),
          });
          if (serverWaitMs !== undefined) await pause(serverWaitMs, signal);
        },
      },
    );
  } catch (error) {
    throw error instanceof Carried ? error.carried : error;
  }
}
