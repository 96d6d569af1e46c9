// The one observing wrapper of the provider layer: every call to a provider (or a local engine that stands in for
// one) is recorded in provider_calls_total and provider_call_duration_seconds{provider, operation, outcome}
// (docs/operations.md#metrics). Adapters and engines wrap themselves here, so domain code never touches metrics.
import type { ProviderCallLabels, ServiceMetrics } from '../metrics';

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'APIUserAbortError';
}

/**
 * Runs one provider call and records it in `metrics`: `ok` when it resolved, `aborted` when `signal` (the caller's
 * own) stopped it, whether the call threw or returned early, `error` otherwise. The result or error passes through.
 */
export async function observeProviderCall<T>(
  metrics: ServiceMetrics,
  labels: ProviderCallLabels & { signal?: AbortSignal | undefined },
  call: () => Promise<T>,
): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  const { provider, operation, signal } = labels;
  try {
    const result = await call();
    metrics.observeProviderCall({ provider, operation }, signal?.aborted ? 'aborted' : 'ok', seconds());
    return result;
  } catch (error) {
    metrics.observeProviderCall(
      { provider, operation },
      isAbort(error, signal) ? 'aborted' : 'error',
      seconds(),
    );
    throw error;
  }
}

type AsyncMethod = (...args: never[]) => Promise<unknown>;
type AsyncMethodsOf<P> = { [K in keyof P]: P[K] extends AsyncMethod ? K : never }[keyof P];

/** The operation label of one method: fixed, or read from the call's arguments (a photo effect's tool id). */
export type OperationLabel<F> = F extends (...args: infer A) => unknown
  ? string | ((...args: A) => string)
  : never;

export interface ObserveProviderOptions<P> {
  metrics: ServiceMetrics;
  /** The provider label: openai, fal, elevenlabs, youtubei, local… */
  provider: string;
  /** The methods to record, each with its operation label; the others pass through untouched. */
  operations: { [K in AsyncMethodsOf<P>]?: OperationLabel<P[K]> };
}

/** The caller's signal among a call's arguments: an AbortSignal argument, or an argument's `signal` field. */
function signalOf(args: readonly unknown[]): AbortSignal | undefined {
  for (const arg of args) {
    if (arg instanceof AbortSignal) return arg;
    const signal = (arg as { signal?: unknown } | null | undefined)?.signal;
    if (signal instanceof AbortSignal) return signal;
  }
  return undefined;
}

/**
 * `provider` with each method named in `operations` recorded as one provider call (a streamed reply until its end),
 * and stopped by the caller's signal found in its arguments counted as aborted.
 */
export function observeProvider<P extends object>(target: P, options: ObserveProviderOptions<P>): P {
  // Own fields (name…) copied, the prototype kept: the methods not named pass through as they are.
  const observed = Object.assign(
    Object.create(Object.getPrototypeOf(target) as object) as object,
    target,
  ) as P;
  const labels = options.operations as Record<string, string | ((...args: unknown[]) => string) | undefined>;
  for (const [method, label] of Object.entries(labels)) {
    if (label === undefined) continue;
    const original = (target as Record<string, (...args: unknown[]) => Promise<unknown>>)[method];
    if (typeof original !== 'function') continue;
    Object.defineProperty(observed, method, {
      enumerable: true,
      value: (...args: unknown[]) =>
        observeProviderCall(
          options.metrics,
          {
            provider: options.provider,
            operation: typeof label === 'function' ? label(...args) : label,
            signal: signalOf(args),
          },
          () => original.apply(target, args),
        ),
    });
  }
  return observed;
}
