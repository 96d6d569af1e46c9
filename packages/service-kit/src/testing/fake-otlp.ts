// A local OTLP/HTTP collector for tests of traces (docs/operations.md#traces): it takes `POST /v1/traces` in the JSON
// encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json) and keeps every span with its service's name. Point
// OTEL_EXPORTER_OTLP_ENDPOINT at `url` and read the spans back. Anything else (protobuf, other signals) is counted
// as a refused request, so a test notices an exporter sending what the collector does not read.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as OTLP/JSON carries it, with the service.name of its resource. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Empty or absent for a root span. */
  parentSpanId?: string;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
}

export interface FakeOtlpCollector {
  /** The base URL for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  url: string;
  spans: CollectedSpan[];
  /** Requests the collector could not read (wrong path, content type or body). */
  refused: number;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
  links?: Array<{ traceId: string; spanId: string }>;
}
interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;

const attributesOf = (list: OtlpAttribute[] = []): Record<string, unknown> =>
  Object.fromEntries(list.map((attribute) => [attribute.key, valueOf(attribute.value)]));

function spansOf(body: OtlpTraces): CollectedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
      })),
    );
  });
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOtlpCollector(): Promise<FakeOtlpCollector> {
  const collector = { spans: [] as CollectedSpan[], refused: 0 };
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const json = request.headers['content-type']?.startsWith('application/json');
      if (request.method !== 'POST' || request.url !== '/v1/traces' || !json) {
        collector.refused += 1;
        response.writeHead(415).end();
        return;
      }
      try {
        collector.spans.push(...spansOf(JSON.parse(body) as OtlpTraces));
      } catch {
        collector.refused += 1;
        response.writeHead(400).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(collector, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
