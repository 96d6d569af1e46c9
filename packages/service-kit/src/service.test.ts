// startService's contract, on the run's PostgreSQL and NATS: the config decides what is connected, the database is
// migrated and checked by readiness, and a stopping service closes in one order (the app's drain and the service's
// closers while the database and NATS still work, then periodic jobs, then NATS and the database).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, databaseConfigFields, loadConfig } from './config';
import { createHttpApp } from './http-app';
import { launchService } from './service';
import { toolServiceConfigFields } from './tool-service';
import { createTestDatabase, testNatsUrl, uniqueNamespace, type TestDatabase } from './testing';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('start_service');
}, 30_000);

afterAll(async () => {
  await database?.drop();
});

const env = () => ({
  NATS_URL: testNatsUrl(),
  NATS_NAMESPACE: uniqueNamespace('svc'),
  JWKS_URL: 'http://127.0.0.1:1/jwks.json',
  LOG_LEVEL: 'silent',
});

describe('startService', () => {
  it('connects what the config asks for, migrates, checks the database for readiness and closes in order', async () => {
    const schema = baseConfigSchema.extend({ ...databaseConfigFields, ...toolServiceConfigFields });
    const steps: string[] = [];
    let jobRuns = 0;
    const started = await launchService({
      name: 'prompt',
      loadConfig: () => loadConfig(schema, { ...env(), DATABASE_URL: database.url }),
      migrate: async (sql) => {
        await sql`create table if not exists start_service_probe (id int)`;
        return ['001-probe.sql'];
      },
      outbox: false,
      providers: ({ onClose }) => {
        steps.push('providers');
        onClose(async () => {
          steps.push('closer');
          await started.context.sql`select 1`;
        });
        return { name: 'fake' };
      },
      periodicJobs: () => [
        {
          name: 'probe',
          intervalMs: 60_000,
          run: async () => {
            jobRuns += 1;
          },
        },
      ],
      createApp: ({ readiness, logger, sql, nc }) => {
        steps.push('app');
        expect(Object.keys(readiness)).toEqual(['database']);
        return {
          app: createHttpApp({ name: 'prompt', logger, readiness, bodyLimit: false }),
          drain: async () => {
            // The work a stopping replica waits for can still save and publish.
            await sql`select 1 from start_service_probe`;
            expect(nc.isClosed()).toBe(false);
            steps.push('drain');
          },
        };
      },
    });
    const { context, server } = started;
    expect(steps).toEqual(['providers', 'app']);
    expect(context.credits).toBeDefined();
    expect(context.verifier).toBeDefined();
    expect(context.config.DATABASE_POOL_MAX).toBe(10);
    expect((await fetch(`${server.opsUrl}/readyz`)).status).toBe(200);

    await server.close();
    expect(steps).toEqual(['providers', 'app', 'drain', 'closer']);
    expect(jobRuns).toBe(0);
    expect(context.nc.isClosed()).toBe(true);
    await expect(context.sql`select 1`).rejects.toThrow();
  }, 30_000);

  it('without a database: no sql, nothing for readiness to check, and no verifier without JWKS_URL', async () => {
    const schema = baseConfigSchema.omit({ JWKS_URL: true });
    const started = await launchService({
      name: 'youtube',
      loadConfig: () => loadConfig(schema, env()),
      createApp: ({ readiness, logger }) => {
        expect(readiness).toEqual({});
        return { app: createHttpApp({ name: 'youtube', logger, readiness }) };
      },
    });
    const context: Record<string, unknown> = { ...started.context };
    expect(context.sql).toBeUndefined();
    expect(context.verifier).toBeUndefined();
    expect(context.credits).toBeUndefined();
    expect((await fetch(`${started.server.opsUrl}/readyz`)).status).toBe(200);
    await started.server.close();
  }, 30_000);

  it('a start-up that fails part way closes what it had opened', async () => {
    const schema = baseConfigSchema.extend(databaseConfigFields);
    let nc: { isClosed(): boolean } | undefined;
    await expect(
      launchService({
        name: 'credits',
        loadConfig: () => loadConfig(schema, { ...env(), DATABASE_URL: database.url }),
        createApp: (context) => {
          nc = context.nc;
          throw new Error('no app today');
        },
      }),
    ).rejects.toThrow('no app today');
    expect(nc?.isClosed()).toBe(true);
  }, 30_000);
});

describe('databaseConfigFields', () => {
  const schema = z.object(databaseConfigFields);

  it('pools 10 connections unless told, and never fewer than 2', () => {
    expect(loadConfig(schema, { DATABASE_URL: 'postgres://db/app' }).DATABASE_POOL_MAX).toBe(10);
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://db/app', DATABASE_POOL_MAX: '1' })).toThrow(
      /DATABASE_POOL_MAX/,
    );
  });
});
