// The OpenTelemetry SDK, imported by tracing.ts only when the OTEL_* variables ask for traces (never loaded
// otherwise). The SDK reads the standard variables itself: the exporter's endpoint and protocol (grpc, http/protobuf,
// http/json), the sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG), batching (OTEL_BSP_*) and resource
// attributes. Traces only: metrics stay on /metrics (Prometheus) and logs on stdout.
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KoaInstrumentation } from '@opentelemetry/instrumentation-koa';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { OPS_PATHS } from './http-app';
import type { StopTracing } from './tracing';

/**
 * Modules the instrumentations patch when they are required. A service's main module imports them (Koa, ioredis,
 * node:http) before startService runs, so they are required once more here, after the hooks are in place: the
 * instrumentations then patch the very objects already loaded (Koa's prototype, ioredis' prototype, http's exports
 * and Server prototype), resolved from the kit as the kit's own imports are. undici needs nothing: its
 * instrumentation listens on diagnostics channels (the gateway's proxy and fetch alike).
 */
const LOADED_EARLIER = ['http', 'https', 'koa', 'ioredis'];

/** Probes and metrics scraped every few seconds are not worth a trace each. */
function isProbe(request: IncomingMessage): boolean {
  const path = request.url?.split('?', 1)[0] ?? '';
  return OPS_PATHS.has(path);
}

export function startSdk(name: string, env: NodeJS.ProcessEnv): StopTracing {
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || name,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: isProbe }),
      new UndiciInstrumentation(),
      new KoaInstrumentation(),
      new IORedisInstrumentation(),
    ],
    // Traces only (see above): without these the SDK would also export metrics and logs over OTLP by default.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  const require = createRequire(import.meta.url);
  for (const id of LOADED_EARLIER) require(id);
  return () => sdk.shutdown();
}
