// Vitest global setup: every test worker gets a real PostgreSQL server, NATS with JetStream and an S3 store.
// DATABASE_URL, NATS_URL and S3_BUCKET (+ S3_*) from the environment win (CI); otherwise the embedded defaults start under .data/test-infra/ and stop in
// teardown. Tests create their own databases and NATS namespaces from these admin URLs. One credits process (and the
// test JWKS it trusts) serves the tool services' tests of the whole run (`runServices()` in a test file).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { DataDirBusyError, dropUserDatabases, removeDeadRunDirs, resolveInfra } from '@act/dev-infra';
import type { ResolvedInfra } from '@act/dev-infra';
import { startRunServices } from '@act/service-kit/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    DATABASE_URL: string;
    NATS_URL: string;
  }
}

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const baseDir = path.join(repoRoot, '.data', 'test-infra');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const log = (line: string) => console.log(`[test-infra] ${line}`);
  fs.mkdirSync(baseDir, { recursive: true });
  // JetStream state never needs to outlive a run: each run gets its own store, removed in teardown.
  removeDeadRunDirs(baseDir, 'nats-');
  removeDeadRunDirs(baseDir, 'postgres-');
  removeDeadRunDirs(baseDir, 's3-');
  const natsDir = path.join(baseDir, `nats-${process.pid}`);
  const s3Dir = path.join(baseDir, `s3-${process.pid}`);
  const throwAway: string[] = [];

  const start = (postgresDir: string) =>
    resolveInfra({
      dataDir: baseDir,
      dirs: { postgres: postgresDir, nats: natsDir, s3: s3Dir },
      need: { postgres: true, nats: true, s3: true },
      log,
      postgresDurability: 'relaxed',
    });

  let infra: ResolvedInfra;
  try {
    // The shared cluster is kept between runs (initdb costs seconds) ...
    infra = await start(path.join(baseDir, 'postgres'));
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    // ... unless another test run holds it right now: then this run gets a private one.
    const privateDir = path.join(baseDir, `postgres-${process.pid}`);
    throwAway.push(privateDir);
    log(`shared test cluster is busy (pid ${error.ownerPid}); using ${path.relative(repoRoot, privateDir)}`);
    infra = await start(privateDir);
  }

  // Vitest runs this once per project; only the run that started the NATS store removes it.
  if (infra.sources.nats === 'embedded') throwAway.push(natsDir);
  if (infra.sources.s3 === 'embedded') throwAway.push(s3Dir);
  if (infra.sources.postgres === 'embedded') {
    // Databases left by killed runs; the embedded test server belongs to the tests alone.
    const dropped = await dropUserDatabases(infra.databaseUrl!);
    if (dropped.length) log(`dropped ${dropped.length} leftover test databases`);
  }

  process.env.DATABASE_URL = infra.databaseUrl;
  process.env.NATS_URL = infra.natsUrl;
  Object.assign(process.env, infra.s3);
  project.provide('DATABASE_URL', infra.databaseUrl!);
  project.provide('NATS_URL', infra.natsUrl!);

  const runServices = await startRunServices();
  project.provide('RUN_SERVICES', runServices.info);

  return async () => {
    await runServices.stop();
    await infra.stop();
    for (const dir of throwAway) fs.rmSync(dir, { recursive: true, force: true });
  };
}
