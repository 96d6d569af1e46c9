// W3C trace context (`traceparent`, `tracestate`) in message headers: the one place a NATS message gets the caller's
// trace and a handler takes it back (docs/operations.md#traces). It takes any headers object with get/set, so the
// same two calls serve the NATS client's headers, a plain object stored with an outbox row, and whatever the next
// client's headers type is. With tracing off both do nothing.
import {
  context,
  propagation,
  ROOT_CONTEXT,
  type TextMapGetter,
  type TextMapSetter,
} from '@opentelemetry/api';
import { tracingOn, type TraceContext } from './tracing';

/** The header names the W3C propagator writes. */
export const TRACE_HEADERS: readonly string[] = ['traceparent', 'tracestate'];

export interface HeaderWriter {
  set(name: string, value: string): void;
}

export interface HeaderReader {
  /** The header's value; an empty string or nothing when absent (the NATS clients answer ''). */
  get(name: string): string | null | undefined;
}

const setter: TextMapSetter<HeaderWriter> = {
  set: (headers, name, value) => headers.set(name, value),
};

const getter: TextMapGetter<HeaderReader> = {
  get: (headers, name) => headers.get(name) || undefined,
  keys: () => [...TRACE_HEADERS],
};

/** Writes the active span's context (or `from`) into `headers`; nothing with tracing off. */
export function injectTraceContext(headers: HeaderWriter, from?: TraceContext): void {
  if (!tracingOn()) return;
  propagation.inject(from ?? context.active(), headers, setter);
}

/** The trace context `headers` carry, as the parent of the handler's span; undefined with tracing off. */
export function extractTraceContext(headers: HeaderReader | undefined): TraceContext | undefined {
  if (!tracingOn()) return undefined;
  return headers ? propagation.extract(ROOT_CONTEXT, headers, getter) : ROOT_CONTEXT;
}

/** The trace headers as a plain record (an outbox row's headers); empty with tracing off. */
export function traceHeaderRecord(): Record<string, string> {
  const record: Record<string, string> = {};
  injectTraceContext({ set: (name, value) => void (record[name] = value) });
  return record;
}
