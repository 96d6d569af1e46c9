// Spans of NATS messaging (docs/operations.md#traces): a request or publish is a span of the caller whose context
// goes in the message's headers (trace-headers.ts); a handler's span continues the trace the message carries, and a
// batch handled as one (one transaction for many messages) is a span that links every message's span. With tracing
// off each helper only runs the work.
import { extractTraceContext, type HeaderReader } from './trace-headers';
import { batchSpan, inSpan, insideUnsampledSpan, SpanKind, tracingOn } from './tracing';

type SendOperation = 'publish' | 'request';

const attributesOf = (subject: string, operation: string) => ({
  'messaging.system': 'nats',
  'messaging.destination.name': subject,
  'messaging.operation.type': operation === 'request' ? 'send' : operation,
});

/**
 * Runs a publish or request to `subject` in a span of its own; headers built inside `send` (injectTraceContext) name
 * that span as the receiver's parent.
 */
export function sendSpan<T>(operation: SendOperation, subject: string, send: () => Promise<T>): Promise<T> {
  if (!tracingOn() || insideUnsampledSpan()) return send();
  const kind = operation === 'request' ? SpanKind.CLIENT : SpanKind.PRODUCER;
  return inSpan(`${operation} ${subject}`, { kind, attributes: attributesOf(subject, operation) }, send);
}

/** Handles one message in a span whose parent is the trace its headers carry. */
export function processSpan<T>(
  subject: string,
  headers: HeaderReader | undefined,
  handle: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return handle();
  return inSpan(
    `process ${subject}`,
    {
      kind: SpanKind.CONSUMER,
      parent: extractTraceContext(headers),
      attributes: attributesOf(subject, 'process'),
    },
    handle,
  );
}

/** Handles a batch of messages in one span linked to each message's trace (a batch has no single parent). */
export function processBatchSpan<T>(
  subject: string,
  messages: ReadonlyArray<{ headers?: HeaderReader | undefined }>,
  handle: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return handle();
  const contexts = messages.map((message) => extractTraceContext(message.headers));
  const attributes = {
    ...attributesOf(subject, 'process'),
    'messaging.batch.message_count': messages.length,
  };
  return batchSpan(`process ${subject}`, contexts, { kind: SpanKind.CONSUMER, attributes }, handle);
}
