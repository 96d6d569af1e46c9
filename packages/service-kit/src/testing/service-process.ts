// A service's own main.ts in a child process, as deployed, next to the run's credits and JWKS: what every service's
// main.test.ts and upload-memory test start, probe and stop alike. Each process gets a database of its own when the
// service keeps one, the local S3 when it stores files, and the variables the test adds (a fake provider's URL).
import { expect } from 'vitest';
import { startChildService, type ChildService, type ChildServiceOptions } from './child-service';
import { runServices, type RunServices } from './run-services';
import { scrapeMetrics, SHARED_METRIC_LABELS, type ScrapedMetrics } from './scrape-metrics';
import { createTestDatabase, testObjectStoreEnv, type TestDatabase } from './test-infra';

export interface ServiceProcessOptions {
  /** Gives each process a database of its own (DATABASE_URL), its name starting with this. */
  database?: string;
  /** The run's local S3 (the object store variables), for a service that stores files. */
  objectStore?: boolean;
  /** Variables every process gets (a fake provider's URL), on top of the run's. */
  env?: Record<string, string>;
  /** What else the test started for the service (its fakes): closed after the processes stop. */
  closing?: ReadonlyArray<{ close(): Promise<unknown> }>;
}

export interface ServiceProcessBed extends RunServices {
  /** Starts the service's main.ts, `env` on top of the bed's; resolves once it is ready. */
  start(env?: Record<string, string>, options?: ChildServiceOptions): Promise<ChildService>;
  /** The databases given to the processes, in the order they started. */
  databases: TestDatabase[];
  /** Stops every process still running, drops their databases, then closes credits, the JWKS and `closing`. */
  close(): Promise<void>;
}

/** The run's services, ready to start `workspace`'s main.ts (e.g. 'services/chat') as often as the test needs. */
export async function startServiceProcessBed(
  workspace: string,
  { database, objectStore = false, env = {}, closing = [] }: ServiceProcessOptions = {},
): Promise<ServiceProcessBed> {
  const run = await runServices();
  const processes: ChildService[] = [];
  const databases: TestDatabase[] = [];
  return {
    ...run,
    databases,
    async start(extra = {}, options = {}) {
      const db = database ? await createTestDatabase(database) : undefined;
      if (db) databases.push(db);
      const service = await startChildService(
        workspace,
        {
          ...(db ? { DATABASE_URL: db.url } : {}),
          ...run.serviceEnv,
          ...(objectStore ? testObjectStoreEnv() : {}),
          ...env,
          ...extra,
        },
        options,
      );
      processes.push(service);
      return service;
    },
    async close() {
      for (const service of processes) await service.stop();
      for (const db of databases) await db.drop();
      await run.credits.stop();
      for (const resource of closing) await resource.close();
      await run.jwks.close();
    },
  };
}

/** The process answers readiness on its ops port. */
export async function expectReady(service: Pick<ChildService, 'opsUrl'>): Promise<void> {
  expect((await fetch(`${service.opsUrl}/readyz`)).status).toBe(200);
}

/**
 * What Prometheus scrapes from the process's ops port: each of `tools` reserved and committed once, and every shared
 * metric with the labels every service has. Resolves with the metrics for the test's own checks.
 */
export async function expectChargesCounted(
  service: Pick<ChildService, 'opsUrl'>,
  labels: { service: string; tools: readonly string[] },
): Promise<ScrapedMetrics> {
  const metrics = await scrapeMetrics(service.opsUrl);
  for (const tool of labels.tools) {
    for (const outcome of ['reserved', 'committed']) {
      expect(metrics.value('credits_charges_total', { service: labels.service, tool, outcome }), tool).toBe(
        1,
      );
    }
  }
  for (const [name, names] of Object.entries(SHARED_METRIC_LABELS)) {
    expect(metrics.labelNames(name), name).toEqual([names]);
  }
  return metrics;
}
