// The backlog gauges on real PostgreSQL: what an operator's Prometheus reads for the outbox and the jobs table, and
// nothing made up while the database is away.
import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observeOutboxBacklog, observeStuckJobs } from './backlog-metrics';
import { connectDatabase, runMigrations, type Sql } from './database';
import { JOBS_MIGRATIONS } from './jobs';
import { OUTBOX_MIGRATIONS } from './outbox';
import { createTestDatabase, type TestDatabase } from './testing';
import { parseMetrics } from './testing/scrape-metrics';

let db: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase('backlog_metrics');
  sql = connectDatabase(db.url);
  await runMigrations(sql, OUTBOX_MIGRATIONS, JOBS_MIGRATIONS);
});
afterAll(async () => {
  await sql.end();
  await db.drop();
});

async function scrape(registry: Registry) {
  return parseMetrics(await registry.metrics());
}

async function insertJob(tool: string, status: string, lockedUntil: string | null, createdAgo: string) {
  await sql`
    insert into jobs (id, owner, tool, status, request_id, charge, locked_until, created_at)
    values (${randomUUID()}, 'member-1', ${tool}, ${status}, ${randomUUID()}, '{}'::jsonb,
            ${lockedUntil === null ? null : sql`now() + ${lockedUntil}::interval`},
            now() - ${createdAgo}::interval)`;
}

describe('backlog gauges', () => {
  it('count unpublished outbox messages and the age of the oldest, ignoring published ones', async () => {
    const registry = new Registry();
    observeOutboxBacklog(registry, sql);
    let metrics = await scrape(registry);
    expect(metrics.value('outbox_pending_messages')).toBe(0);
    expect(metrics.value('outbox_oldest_pending_age_seconds')).toBe(0);

    await sql`
      insert into jetstream_outbox (msg_id, subject, payload, created_at, published_at) values
        ('old', 'usage.committed', '{}', now() - interval '10 minutes', null),
        ('new', 'usage.committed', '{}', now(), null),
        ('sent', 'usage.committed', '{}', now() - interval '1 hour', now())`;
    metrics = await scrape(registry);
    expect(metrics.value('outbox_pending_messages')).toBe(2);
    const age = metrics.value('outbox_oldest_pending_age_seconds');
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(3600);
  });

  it('count queued or running jobs left without a live lease for five minutes, by tool', async () => {
    const registry = new Registry();
    observeStuckJobs(registry, sql);
    expect((await scrape(registry)).samples.filter((s) => s.name === 'jobs_stuck')).toEqual([]);

    await insertJob('text-to-speech', 'running', '30 seconds', '1 hour'); // heartbeat alive
    await insertJob('text-to-speech', 'running', '-10 minutes', '1 hour'); // its replica died, nobody re-claimed
    await insertJob('voice-isolator', 'queued', null, '20 minutes'); // never claimed
    await insertJob('voice-isolator', 'queued', null, '5 seconds'); // just queued
    await insertJob('sound-effects', 'failed', '-1 hour', '2 hours'); // finished: not stuck
    const metrics = await scrape(registry);
    expect(metrics.value('jobs_stuck', { tool: 'text-to-speech' })).toBe(1);
    expect(metrics.value('jobs_stuck', { tool: 'voice-isolator' })).toBe(1);
    expect(metrics.samples.filter((s) => s.name === 'jobs_stuck')).toHaveLength(2);
  });

  it('read unknown (NaN, no stuck job series) while the database cannot be reached, and the scrape still answers', async () => {
    const gone = connectDatabase(db.url.replace(/\/\/[^/]*\//, '//postgres@127.0.0.1:1/'), {
      acquireTimeoutMs: 2_000,
    });
    const registry = new Registry();
    observeOutboxBacklog(registry, gone);
    observeStuckJobs(registry, gone);
    const metrics = await scrape(registry);
    expect(metrics.value('outbox_pending_messages')).toBeNaN();
    expect(metrics.value('outbox_oldest_pending_age_seconds')).toBeNaN();
    expect(metrics.samples.filter((s) => s.name === 'jobs_stuck')).toEqual([]);
    await gone.end();
  });
});
