// `<entry> migrate` as a process, on the run's PostgreSQL: a fresh database gets every migration and exit 0; two
// runners at once (two pods' init containers) apply each file once and both succeed; a failing migration exits 1 with
// the reason, keeping the files before it; and a service told MIGRATE_AT_START=false starts without migrating.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, databaseConfigFields, loadConfig } from './config';
import { connectDatabase, type Sql } from './database';
import { createHttpApp } from './http-app';
import { launchService } from './service';
import { createTestDatabase, testNatsUrl, uniqueNamespace, type TestDatabase } from './testing';

const fixture = fileURLToPath(new URL('./migrate-command.fixture.ts', import.meta.url));
const folders = fs.mkdtempSync(path.join(os.tmpdir(), 'act-migrate-'));
const databases: TestDatabase[] = [];

afterAll(async () => {
  fs.rmSync(folders, { recursive: true, force: true });
  await Promise.all(databases.map((db) => db.drop()));
});

/** A migrations folder with these files. */
function migrationsFolder(name: string, files: Record<string, string>): string {
  const dir = path.join(folders, name);
  fs.mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

async function freshDatabase(name: string): Promise<TestDatabase> {
  const db = await createTestDatabase(name);
  databases.push(db);
  return db;
}

/** Runs the fixture's entry point with `migrate`; resolves with its exit code and output. */
function runMigrate(databaseUrl: string, migrations: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', fixture, 'migrate'],
      {
        // Only what a migration Job gets: the database and the log level, none of the service's settings.
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: databaseUrl,
          FIXTURE_MIGRATIONS: migrations,
          LOG_LEVEL: 'info',
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function withSql<T>(url: string, use: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = connectDatabase(url, { max: 1 });
  try {
    return await use(sql);
  } finally {
    await sql.end();
  }
}

const GOOD = {
  '001-accounts.sql': 'create table accounts (id int primary key, balance int not null);',
  // Slow enough that a second runner started at once waits on the advisory lock rather than finding it done.
  '002-balance-check.sql':
    'select pg_sleep(0.5); alter table accounts add constraint balance_positive check (balance >= 0);',
};

describe('the migrate command', () => {
  let good: string;
  beforeAll(() => {
    good = migrationsFolder('good', GOOD);
  });

  it('migrates a fresh database and exits 0, then finds nothing to do', async () => {
    const db = await freshDatabase('migrate_fresh');
    const first = await runMigrate(db.url, good);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('database migrated');
    expect(first.stdout).toContain('002-balance-check.sql');
    await withSql(db.url, async (sql) => {
      expect((await sql`select name from schema_migrations order by name`).map((r) => r.name)).toEqual([
        '001-accounts.sql',
        '002-balance-check.sql',
      ]);
      await expect(sql`insert into accounts values (1, -5)`).rejects.toThrow(/balance_positive/);
    });
    const again = await runMigrate(db.url, good);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('database already up to date');
  });

  it('applies each file once when two runners start at once (the advisory lock), and both succeed', async () => {
    const db = await freshDatabase('migrate_race');
    const [a, b] = await Promise.all([runMigrate(db.url, good), runMigrate(db.url, good)]);
    expect([a.code, b.code], `${a.stderr}${b.stderr}`).toEqual([0, 0]);
    await withSql(db.url, async (sql) => {
      const rows =
        await sql`select name, count(*)::int as n from schema_migrations group by name order by name`;
      expect(rows).toEqual([
        { name: '001-accounts.sql', n: 1 },
        { name: '002-balance-check.sql', n: 1 },
      ]);
    });
  });

  it('exits 1 naming the failing file, keeping the files before it and nothing of the failed one', async () => {
    const db = await freshDatabase('migrate_fail');
    const broken = migrationsFolder('broken', {
      '001-accounts.sql': GOOD['001-accounts.sql'],
      '002-half-done.sql': 'create table audit (id int); alter table no_such_table add column x int;',
    });
    const result = await runMigrate(db.url, broken);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('fixture: migration failed');
    expect(result.stderr).toContain('no_such_table');
    await withSql(db.url, async (sql) => {
      expect((await sql`select name from schema_migrations`).map((r) => r.name)).toEqual([
        '001-accounts.sql',
      ]);
      expect((await sql`select to_regclass('audit') as t`)[0]!.t).toBeNull();
    });
  });

  it('exits 1 with the variable to fix when DATABASE_URL is missing', async () => {
    const result = await runMigrate('', good);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: is required but not set');
  });
});

describe('MIGRATE_AT_START', () => {
  it('false: the service starts without migrating (a step before it did)', async () => {
    const db = await freshDatabase('migrate_at_start');
    const schema = baseConfigSchema.omit({ JWKS_URL: true }).extend(databaseConfigFields);
    let migrated = false;
    const env = {
      NATS_URL: testNatsUrl(),
      NATS_NAMESPACE: uniqueNamespace('mig'),
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      MIGRATE_AT_START: 'false',
    };
    const started = await launchService({
      name: 'fixture',
      loadConfig: () => loadConfig(schema, env),
      migrate: async () => {
        migrated = true;
        return [];
      },
      createApp: ({ logger, readiness }) => ({
        app: createHttpApp({ name: 'fixture', logger, readiness, bodyLimit: false }),
      }),
    });
    await started.server.close();
    expect(migrated).toBe(false);
    expect(loadConfig(schema, { ...env, MIGRATE_AT_START: undefined }).MIGRATE_AT_START).toBe(true);
    expect(() => loadConfig(schema, { ...env, MIGRATE_AT_START: 'no' })).toThrow(/MIGRATE_AT_START/);
  });
});
