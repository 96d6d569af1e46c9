// Gauges of work waiting in a service's own database, read when Prometheus scrapes (one indexed query each, every
// scrape interval), for the alerts in k8s/monitoring/alert-rules.yaml (docs/runbooks.md#outboxbacklog and
// docs/runbooks.md#jobsstuck):
//   outbox_pending_messages                 outbox rows not yet published to JetStream
//   outbox_oldest_pending_age_seconds       how long the oldest of them has waited (0 when none)
//   jobs_stuck{tool}                        queued or running jobs nobody has held a lease on for JOB_STUCK_AFTER_S
// A scrape while the database is away reads the outbox gauges as NaN and leaves jobs_stuck out (no stale number);
// readiness reports the database itself.
import { Gauge, type Registry } from 'prom-client';
import type { Sql } from './database';

/** A job whose lease ran out (or that was never claimed) this long ago is stuck: replicas re-claim within seconds. */
export const JOB_STUCK_AFTER_S = 300;

/** Registers `gauge` as `name` in `registry`, replacing an earlier one (a service started again in one process). */
export function replaceGauge<T extends string>(registry: Registry, name: string, gauge: Gauge<T>): void {
  registry.removeSingleMetric(name);
  registry.registerMetric(gauge);
}

interface OutboxBacklog {
  count: number;
  age: number;
}

/** The outbox gauges, filled from jetstream_outbox at each scrape. */
export function observeOutboxBacklog(registry: Registry, sql: Sql): void {
  // The registry collects its metrics at once: both gauges share one query per scrape.
  let reading: Promise<OutboxBacklog | undefined> | undefined;
  const read = () =>
    (reading ??= sql<OutboxBacklog[]>`
      select count(*)::int as count,
             coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
      from jetstream_outbox where published_at is null`
      .then(([row]) => row)
      .catch(() => undefined)
      .finally(() => (reading = undefined)));
  const gauge = (name: string, help: string, field: keyof OutboxBacklog) => {
    const metric: Gauge = new Gauge({
      name,
      help,
      registers: [],
      collect: async () => {
        // NaN (unknown) while the database cannot be read: neither "nothing waits" nor a stale number.
        metric.set((await read())?.[field] ?? Number.NaN);
      },
    });
    replaceGauge(registry, name, metric);
  };
  gauge('outbox_pending_messages', 'Outbox messages recorded but not yet published to JetStream', 'count');
  gauge(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest outbox message not yet published (0 when none waits)',
    'age',
  );
}

/** The stuck-jobs gauge (services with the kit's jobs table), filled from it at each scrape. */
export function observeStuckJobs(registry: Registry, sql: Sql, stuckAfterS = JOB_STUCK_AFTER_S): void {
  const stuck = new Gauge({
    name: 'jobs_stuck',
    help: `Queued or running jobs without a live lease for ${stuckAfterS} s or more, by tool`,
    labelNames: ['tool'],
    registers: [],
    collect: async () => {
      stuck.reset();
      const rows = await sql<{ tool: string; count: number }[]>`
        select tool, count(*)::int as count from jobs
        where status in ('queued', 'running')
          and coalesce(locked_until, created_at) < now() - make_interval(secs => ${stuckAfterS})
        group by tool`.catch(() => []);
      for (const row of rows) stuck.set({ tool: row.tool }, row.count);
    },
  });
  replaceGauge(registry, 'jobs_stuck', stuck);
}
