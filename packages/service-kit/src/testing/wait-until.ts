// Polling until something has settled: services apply events, write rows and stop processes asynchronously, so a
// test reads again until the value is the one it expects. The one copy every test file (and e2e/support) imports.

export interface WaitUntilOptions {
  /** How long to keep reading (default 10 s). */
  timeoutMs?: number;
  /** Pause between two reads (default 25 ms). */
  intervalMs?: number;
  /** What is awaited, named in the failure. */
  what?: string;
  /** A read that throws counts as "not yet" (the system may be restarting) instead of failing at once. */
  retryErrors?: boolean;
}

/**
 * Reads until `done` accepts the value (by default: until it is truthy) and resolves with that value; fails after
 * `timeoutMs` with the last value read.
 */
export async function waitUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean = Boolean,
  { timeoutMs = 10_000, intervalMs = 25, what = 'condition', retryErrors = false }: WaitUntilOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await Promise.resolve()
      .then(read)
      .then(
        (value) => ({ value }),
        (error: unknown) => {
          if (!retryErrors) throw error;
          return { error };
        },
      );
    if ('value' in outcome && done(outcome.value)) return outcome.value;
    if (Date.now() > deadline) {
      const last = 'value' in outcome ? JSON.stringify(outcome.value) : `an error, ${String(outcome.error)}`;
      throw new Error(`${what} not met within ${timeoutMs} ms; last read: ${last}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
