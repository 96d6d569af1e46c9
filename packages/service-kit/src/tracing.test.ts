// Traces off unless the standard variables ask for them, and then nothing loaded or written (docs/operations.md#traces);
// the query spans' statement keeps the text, never the values. The whole-system trace is e2e/traces.test.ts.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { summarizeStatement } from './postgres-spans';
import { extractTraceContext, injectTraceContext, traceHeaderRecord } from './trace-headers';
import { startTracing, tracingConfigured, tracingOn } from './tracing';
import { captureLogger } from './testing';

describe('tracingConfigured', () => {
  it('asks for an OTLP endpoint, unless the SDK or the traces exporter is turned off', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_SERVICE_NAME: 'chat', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe(
      false,
    );
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingConfigured({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingConfigured({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' })).toBe(false);
    expect(tracingConfigured({ ...endpoint, OTEL_SDK_DISABLED: 'false' })).toBe(true);
    expect(tracingConfigured({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

describe('tracing off', () => {
  it('loads no SDK and writes no trace header or log field', async () => {
    const load = vi.fn();
    const captured = captureLogger();
    for (const env of [
      {},
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' },
    ]) {
      expect(await startTracing('chat', { env, load, logger: captured.logger })).toBeUndefined();
    }
    expect(load).not.toHaveBeenCalled();
    expect(tracingOn()).toBe(false);

    const written = new Map<string, string>();
    injectTraceContext({ set: (name, value) => void written.set(name, value) });
    expect(written.size).toBe(0);
    expect(traceHeaderRecord()).toEqual({});
    expect(
      extractTraceContext({ get: () => '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }),
    ).toBe(undefined);

    captured.logger.info({ requestId: 'r1' }, 'a line');
    expect(JSON.parse(captured.lines.at(-1)!)).not.toHaveProperty('trace_id');
    expect(captured.text()).not.toContain('traces on');
  });
});

describe('the SDK stays out of a process with traces off', () => {
  it('is imported by no module of the kit but dynamically, so a compiled bundle does not load it at start', async () => {
    // scripts/build-service.mjs bundles the kit and keeps npm packages as imports; a static import of the SDK, even
    // in a module itself imported dynamically, ends up at the top of the bundle and loads in every service.
    const dir = new URL('./', import.meta.url);
    const files = (await readdir(dir, { recursive: true })).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const staticImports: string[] = [];
    for (const file of files) {
      const text = await readFile(new URL(file, dir), 'utf8');
      if (/^import (?!type )[^;]*from '@opentelemetry\/(?!api')/m.test(text)) staticImports.push(file);
    }
    expect(staticImports).toEqual([]);
  });
});

describe('summarizeStatement', () => {
  const statementOf = (strings: TemplateStringsArray, ..._values: unknown[]) => summarizeStatement(strings);

  it('keeps the query text with $n where the values go, never the values', () => {
    const email = 'someone@example.com';
    const summary = statementOf`select id, name
      from users   where email = ${email} and  created_at > ${new Date(0)}`;
    expect(summary).toEqual({
      statement: 'select id, name from users where email = $1 and created_at > $2',
      operation: 'SELECT',
    });
  });

  it('cuts a long statement (a migration file run whole)', () => {
    const long = summarizeStatement([`create table t (${'x int, '.repeat(200)}y int)`]);
    expect(long.operation).toBe('CREATE');
    expect(long.statement.length).toBeLessThanOrEqual(501);
    expect(long.statement.endsWith('…')).toBe(true);
  });
});
