// Prometheus metrics: one registry per service name in a process (serviceMetrics), so several services (or tests) in
// one process never collide, while a service's app, its credits client and its provider adapters count into the same
// one. Every service exposes the same families with the same labels (plus `service`, a default label):
//   http_request_duration_seconds{method,route,status}        its _count is the request counter
//   provider_calls_total{provider,operation,outcome}          one per call to a provider (or a local engine)
//   provider_call_duration_seconds{provider,operation,outcome}
//   credits_charges_total{tool,outcome}                       reserved | refused | unavailable | committed | released
import type { ChargeOutcome } from '@act/contracts';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** How a provider call ended: answered, failed, or stopped by our own signal (the member left, a timeout of ours). */
export type ProviderCallOutcome = 'ok' | 'error' | 'aborted';

/**
 * What a reserve or a settlement came to: credits held the credits (reserved), said no (refused: no credits left, a
 * guest's try spent), could not be asked or did not answer (unavailable), or the use was committed or released.
 */
export type ChargeMetricOutcome = 'reserved' | 'refused' | 'unavailable' | ChargeOutcome;

export interface ProviderCallLabels {
  /** The adapter's provider: openai, fal, elevenlabs, youtubei, local… */
  provider: string;
  /** What was asked of it, in the tool's words: chat-stream, text-to-image, text-to-speech… */
  operation: string;
}

export interface ServiceMetrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeProviderCall(labels: ProviderCallLabels, outcome: ProviderCallOutcome, seconds: number): void;
  countCharge(tool: string, outcome: ChargeMetricOutcome): void;
}

export const PROVIDER_CALL_OUTCOMES: readonly ProviderCallOutcome[] = ['ok', 'error', 'aborted'];
export const CHARGE_METRIC_OUTCOMES: readonly ChargeMetricOutcome[] = [
  'reserved',
  'refused',
  'unavailable',
  'committed',
  'released',
];

/** The labels of both provider families: a call is counted and timed under the same names. */
const PROVIDER_CALL_LABELS = ['provider', 'operation', 'outcome'];

/** A new registry for `service` with every family (prefer serviceMetrics, which shares one per service name). */
export function createMetrics(service: string): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'provider_calls_total',
    help: 'Calls to providers (and local engines) by provider, operation and outcome',
    labelNames: PROVIDER_CALL_LABELS,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'provider_call_duration_seconds',
    help: 'Duration of provider calls (a streamed reply until its end) by provider, operation and outcome',
    labelNames: PROVIDER_CALL_LABELS,
    // Provider calls run from a fraction of a second (a prompt) to minutes (an image in fal's queue, a long reply).
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
    registers: [registry],
  });
  const charges = new Counter({
    name: 'credits_charges_total',
    help: 'Credit charges by tool and outcome (reserved, refused, unavailable, committed, released)',
    labelNames: ['tool', 'outcome'],
    registers: [registry],
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      // The histogram's _count series is the request counter; a separate Counter would double the work per request.
      duration.observe({ method, route, status: String(status) }, seconds);
    },
    observeProviderCall({ provider, operation }, outcome, seconds) {
      const labels = { provider, operation, outcome };
      providerCalls.inc(labels);
      providerDuration.observe(labels, seconds);
    },
    countCharge(tool, outcome) {
      charges.inc({ tool, outcome });
    },
  };
}

const byService = new Map<string, ServiceMetrics>();

/**
 * The metrics of `service` in this process, created on first use: the app (createHttpApp), the credits client
 * (startService) and the provider adapters (observeProvider, observeProviderCall) of one service all count into it.
 */
export function serviceMetrics(service: string): ServiceMetrics {
  let metrics = byService.get(service);
  if (!metrics) {
    metrics = createMetrics(service);
    byService.set(service, metrics);
  }
  return metrics;
}

/** Provider calls are recorded by the provider layer (./providers/observe.ts); re-exported for existing imports. */
export { observeProviderCall } from './providers/observe';
