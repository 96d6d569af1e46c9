// Vitest global setup of the e2e suite: builds what is stale, starts the whole system once for all test files and
// hands its URL to the tests; stops it at the end.
import type { TestProject } from 'vitest/node';
import { buildFrontEnds, launchSystem } from './system';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Admin URL of the system's PostgreSQL, for tests that set up data directly (empty when unknown). */
    databaseUrl: string;
    /** Prefix of the system's database names: `<namespace>_<service>`. */
    namespace: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    // Point the suite at a system that already runs (e.g. `npm start`): nothing to start or stop.
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    project.provide('databaseUrl', process.env.E2E_DATABASE_URL ?? '');
    project.provide('namespace', process.env.E2E_NAMESPACE ?? 'e2e');
    return async () => undefined;
  }
  buildFrontEnds();
  // The web chat test serves its page on 127.0.0.1, which the service refuses unless this test system allows it.
  const system = await launchSystem({
    verbose: process.env.E2E_VERBOSE === '1',
    allowLoopbackPages: true,
    // Its own database and NATS prefix, so two suites on one PostgreSQL (two checkouts) never share databases.
    ...(process.env.E2E_NAMESPACE ? { namespace: process.env.E2E_NAMESPACE } : {}),
  });
  project.provide('baseUrl', system.baseUrl);
  project.provide('databaseUrl', system.databaseUrl);
  project.provide('namespace', system.namespace);
  return () => system.stop();
}
