// A span per postgres.js query when traces are on (docs/operations.md#traces): pool queries, a transaction's `tx`
// queries and its BEGIN/COMMIT alike, since they are all the driver's Query. postgres.js has no hook that sees a
// query end, so the one method every query runs once when it is first awaited (Query.prototype.handle) is wrapped:
// the span starts there, in the caller's context, and ends when the query settles. The statement is the query's
// text with `$n` where its parameters go, never their values. Installed only when tracing is on.
import type postgres from 'postgres';
import { failSpan, SpanKind, startSpan, tracingOn } from './tracing';

interface DriverQuery {
  strings: readonly string[];
  executed: boolean;
  handle(): Promise<void>;
}

/** The most of a statement kept: enough to know the query, never a whole migration file. */
const STATEMENT_MAX_CHARS = 500;

/** Summaries of tagged templates, one per call site (a template's strings array is the same object every call). */
const summaries = new WeakMap<readonly string[], { statement: string; operation: string }>();

export function summarizeStatement(strings: readonly string[]): { statement: string; operation: string } {
  let summary = summaries.get(strings);
  if (!summary) {
    const text = strings
      .reduce((joined, part, i) => `${joined}$${i}${part}`)
      .replace(/\s+/g, ' ')
      .trim();
    const statement = text.length > STATEMENT_MAX_CHARS ? `${text.slice(0, STATEMENT_MAX_CHARS)}…` : text;
    const operation = /^[a-z]+/i.exec(statement)?.[0]?.toUpperCase() ?? 'QUERY';
    summary = { statement, operation };
    summaries.set(strings, summary);
  }
  return summary;
}

let installed = false;

/** Starts a span for each query of every pool from now on (the driver's Query class is shared). */
export function traceQueries(pool: postgres.Sql): void {
  if (installed || !tracingOn()) return;
  installed = true;
  // A query built and never awaited is never sent: this one only shows the class.
  const prototype = Object.getPrototypeOf(pool.unsafe('')) as DriverQuery;
  const handle = prototype.handle;
  prototype.handle = function (this: DriverQuery) {
    if (!this.executed && tracingOn()) spanQuery(this);
    return handle.call(this);
  };
}

function spanQuery(query: DriverQuery): void {
  const { statement, operation } = summarizeStatement(query.strings);
  const span = startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system': 'postgresql', 'db.operation': operation, 'db.statement': statement },
  });
  if (!span) return;
  // Promise's own then: the driver's then() would try to run the query again.
  void Promise.prototype.then.call(
    query,
    () => span.end(),
    (error: unknown) => {
      failSpan(span, error);
      span.end();
    },
  );
}
