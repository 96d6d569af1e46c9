// Traces (docs/operations.md#traces): OpenTelemetry, configured only by the standard OTEL_* variables. Off unless an
// OTLP endpoint is set, and then free: the SDK is imported only when configured (tracing-sdk.ts), and every helper
// here starts with one check of a module variable, so an untraced request pays nothing else. The kit's own spans
// (postgres queries, NATS publish/request/consume) go through inSpan; the SDK's instrumentations add http, undici,
// koa and ioredis.
import {
  context,
  ROOT_CONTEXT,
  trace,
  SpanKind,
  SpanStatusCode,
  type Context as TraceContext,
  type Link,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import type { Logger } from './logger';

export { SpanKind, type TraceContext, type Link, type Span };

/** Set once the SDK has started: the one check every helper makes. */
let tracer: Tracer | undefined;

/** True when this process exports traces. */
export function tracingOn(): boolean {
  return tracer !== undefined;
}

const isSet = (value: string | undefined) => Boolean(value?.trim());

/**
 * Whether the standard variables ask for traces: an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT) || isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** What starting the SDK returns: flushes the spans still buffered and stops exporting. */
export type StopTracing = () => Promise<void>;

export interface TracingOptions {
  env?: NodeJS.ProcessEnv;
  /** Told once that traces are on, and where they go. */
  logger?: Pick<Logger, 'info'>;
  /** Loads the SDK module (tests pass a spy to see that it is never loaded when tracing is off). */
  load?: () => Promise<{ startSdk(name: string, env: NodeJS.ProcessEnv): Promise<StopTracing> }>;
}

/**
 * Starts tracing when the variables ask for it, first thing in startService and the gateway's start (before any
 * Koa app, Redis client or database pool is made): returns how to stop it, or undefined (nothing loaded) when off.
 * `name` is the service name traces carry unless OTEL_SERVICE_NAME says otherwise.
 */
export async function startTracing(
  name: string,
  { env = process.env, load = () => import('./tracing-sdk'), logger }: TracingOptions = {},
): Promise<StopTracing | undefined> {
  if (tracer || !tracingConfigured(env)) return undefined;
  const { startSdk } = await load();
  const stop = await startSdk(name, env);
  tracer = trace.getTracer('@act/service-kit');
  logger?.info(
    {
      endpoint: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim(),
      protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() || env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim(),
    },
    'traces on: exporting over OTLP',
  );
  return async () => {
    tracer = undefined;
    await stop();
  };
}

export interface InSpanOptions extends SpanOptions {
  /** The parent (a context extracted from a message's headers); the active context by default. */
  parent?: TraceContext;
}

/**
 * Runs `work` inside a new span (active while it runs, so spans it causes are its children) and ends the span when
 * the work settles, marking it failed when it throws. With tracing off, runs `work` alone.
 */
export function inSpan<T>(
  name: string,
  options: InSpanOptions,
  work: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracer) return work(undefined);
  const { parent, ...spanOptions } = options;
  return tracer.startActiveSpan(name, spanOptions, parent ?? context.active(), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * True inside a span the sampler dropped: a child would be dropped too, so the kit makes none (a query, a publish)
 * and saves its cost; the context that goes on still says "not sampled".
 */
export function insideUnsampledSpan(): boolean {
  const span = trace.getActiveSpan();
  return span !== undefined && !span.isRecording();
}

/**
 * Starts a span that the caller ends (a query ends when the driver settles it); undefined with tracing off or inside
 * an unsampled span.
 */
export function startSpan(name: string, options: SpanOptions): Span | undefined {
  if (!tracer || insideUnsampledSpan()) return undefined;
  return tracer.startSpan(name, options, context.active());
}

export function failSpan(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** The active context, to carry into work that runs later (a batch that links the messages it writes). */
export function activeTraceContext(): TraceContext | undefined {
  return tracer ? context.active() : undefined;
}

/** Runs `work` with `saved` (activeTraceContext's) as the active context, so its spans join that trace. */
export function withTraceContext<T>(saved: TraceContext | undefined, work: () => T): T {
  return tracer && saved ? context.with(saved, work) : work();
}

/**
 * Runs work done for many callers at once (a batch of messages, one statement for several charges) in a span of a
 * trace of its own, linked to the span active in each caller's context: a batch has no single parent.
 */
export function batchSpan<T>(
  name: string,
  contexts: ReadonlyArray<TraceContext | undefined>,
  options: SpanOptions,
  work: () => Promise<T>,
): Promise<T> {
  if (!tracer) return work();
  const links: Link[] = [];
  for (const each of contexts) {
    const spanContext = each && trace.getSpanContext(each);
    if (spanContext && trace.isSpanContextValid(spanContext)) links.push({ context: spanContext });
  }
  return inSpan(name, { ...options, links, parent: ROOT_CONTEXT }, work);
}

/**
 * The log fields of the active span (pino's mixin): trace_id and span_id, or none with no span or tracing off. A new
 * object each time: pino merges the line's own fields into it.
 */
export function traceLogFields(): Record<string, string> {
  if (!tracer) return {};
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
