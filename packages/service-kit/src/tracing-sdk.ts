// The OpenTelemetry SDK, imported by tracing.ts only when the OTEL_* variables ask for traces (never loaded
// otherwise). The SDK reads the standard variables itself: the exporter's endpoint and protocol (grpc, http/protobuf,
// http/json), the sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG), batching (OTEL_BSP_*) and resource
// attributes. Traces only: metrics stay on /metrics (Prometheus) and logs on stdout.
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import type { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import type { KoaInstrumentation } from '@opentelemetry/instrumentation-koa';
import { Redis } from 'ioredis';
import Koa from 'koa';
import { OPS_PATHS } from './http-app';
import type { StopTracing } from './tracing';

/**
 * The instrumentations patch a module as it is loaded, but a service's main module has loaded Koa, ioredis and
 * node:http before startService runs. So each is patched here, after the SDK started: Koa's and ioredis' classes as
 * the kit imports them (the same objects in a compiled bundle, which may carry its own Koa, as under tsx), and
 * node:http and node:https required once more, which the SDK's require hook patches. undici needs nothing: its
 * instrumentation listens on diagnostics channels (the gateway's proxy and fetch alike).
 */
function patchLoadedModules(koa: KoaInstrumentation, redis: IORedisInstrumentation): void {
  for (const [instrumentation, loaded] of [
    [koa, Koa],
    [redis, Redis],
  ] as const) {
    for (const definition of instrumentation.getModuleDefinitions()) definition.patch?.(loaded);
  }
  const require = createRequire(import.meta.url);
  for (const builtin of ['http', 'https']) require(builtin);
}

/** Probes and metrics scraped every few seconds are not worth a trace each. */
function isProbe(request: IncomingMessage): boolean {
  const path = request.url?.split('?', 1)[0] ?? '';
  return OPS_PATHS.has(path);
}

export async function startSdk(name: string, env: NodeJS.ProcessEnv): Promise<StopTracing> {
  // Imported here, not at the top: a compiled bundle (scripts/build-service.mjs) hoists a module's static imports of
  // npm packages to its own top, which would load the SDK in every process, traces on or off.
  const [
    { NodeSDK },
    { HttpInstrumentation },
    { IORedisInstrumentation },
    { KoaInstrumentation },
    { UndiciInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-koa'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const koa = new KoaInstrumentation();
  const redis = new IORedisInstrumentation();
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || name,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: isProbe }),
      new UndiciInstrumentation(),
      koa,
      redis,
    ],
    // Traces only (see above): without these the SDK would also export metrics and logs over OTLP by default.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  patchLoadedModules(koa, redis);
  return () => sdk.shutdown();
}
