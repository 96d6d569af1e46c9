import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, MigrationChangedError, runMigrations, type Sql } from './database';
import { createTestDatabase, type TestDatabase } from './testing';

const databases: TestDatabase[] = [];

/** A fresh database per test: each one starts from its own schema_migrations state. */
async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase('kit_migrations');
  databases.push(database);
  return database;
}

async function folderWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

async function recordedNames(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`select name from schema_migrations order by name`;
  return rows.map((row) => row.name);
}

const CREATE_NOTES = 'create table notes (id serial primary key, body text not null);';
const SEED_NOTES = "insert into notes (body) values ('first');";

let dir: string;

beforeAll(async () => {
  dir = await folderWith({
    '001-create-notes.sql': CREATE_NOTES,
    '002-seed-notes.sql': SEED_NOTES,
    'README.txt': 'not a migration',
  });
});

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

describe('runMigrations', () => {
  it('applies each file once even when two replicas start at the same moment', async () => {
    const database = await freshDatabase();
    const replicas: Sql[] = [
      connectDatabase(database.url, { max: 1 }),
      connectDatabase(database.url, { max: 1 }),
    ];
    try {
      const results = await Promise.all(replicas.map((sql) => runMigrations(sql, dir)));
      expect(results.flat().sort()).toEqual(['001-create-notes.sql', '002-seed-notes.sql']);
      const rows = await replicas[0]!`select body from notes`;
      expect(rows.map((row) => row.body)).toEqual(['first']);
      expect(await runMigrations(replicas[1]!, dir)).toEqual([]);
    } finally {
      await Promise.all(replicas.map((sql) => sql.end()));
    }
  });

  it('applies each file in its own transaction: a failing file rolls back alone and stays unrecorded', async () => {
    const database = await freshDatabase();
    const sql = connectDatabase(database.url, { max: 1 });
    try {
      const broken = await folderWith({
        '001-create-notes.sql': CREATE_NOTES,
        '002-broken.sql': "insert into notes (body) values ('half'); insert into notes (body) values (null);",
      });
      await expect(runMigrations(sql, broken)).rejects.toThrow(/null value/);
      expect(await recordedNames(sql)).toEqual(['001-create-notes.sql']);
      // The first file's table is there, and nothing of the failing file's statements was kept.
      expect(await sql`select body from notes`).toEqual([]);

      // Once fixed, the next start applies only the file that failed.
      await writeFile(path.join(broken, '002-broken.sql'), SEED_NOTES);
      expect(await runMigrations(sql, broken)).toEqual(['002-broken.sql']);
    } finally {
      await sql.end();
    }
  });

  it('records a sha256 per file and refuses to start when an applied file was changed, naming it', async () => {
    const database = await freshDatabase();
    const sql = connectDatabase(database.url, { max: 1 });
    try {
      const folder = await folderWith({
        '001-create-notes.sql': CREATE_NOTES,
        '002-seed-notes.sql': SEED_NOTES,
      });
      await runMigrations(sql, folder);
      const [row] = await sql`select checksum from schema_migrations where name = '001-create-notes.sql'`;
      expect(row?.checksum).toBe(createHash('sha256').update(CREATE_NOTES).digest('hex'));

      await writeFile(path.join(folder, '002-seed-notes.sql'), "insert into notes (body) values ('edited');");
      await writeFile(path.join(folder, '003-more-notes.sql'), "insert into notes (body) values ('third');");
      const failure = runMigrations(sql, folder);
      await expect(failure).rejects.toBeInstanceOf(MigrationChangedError);
      await expect(failure).rejects.toThrow(/002-seed-notes\.sql was changed after it was applied/);
      // Nothing new was applied past the refusal.
      expect(await recordedNames(sql)).toEqual(['001-create-notes.sql', '002-seed-notes.sql']);
    } finally {
      await sql.end();
    }
  });

  it('upgrades a schema_migrations table written before checksums in place, then checks them', async () => {
    const database = await freshDatabase();
    const sql = connectDatabase(database.url, { max: 1 });
    try {
      // The table and rows exactly as the runner without checksums left them.
      await sql.unsafe(CREATE_NOTES);
      await sql`create table schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`;
      await sql`insert into schema_migrations (name) values ('001-create-notes.sql')`;

      expect(await runMigrations(sql, dir)).toEqual(['002-seed-notes.sql']);
      const rows = await sql<{ name: string; checksum: string }[]>`
        select name, checksum from schema_migrations order by name`;
      expect(rows).toEqual([
        { name: '001-create-notes.sql', checksum: createHash('sha256').update(CREATE_NOTES).digest('hex') },
        { name: '002-seed-notes.sql', checksum: createHash('sha256').update(SEED_NOTES).digest('hex') },
      ]);

      const edited = await folderWith({ '001-create-notes.sql': `${CREATE_NOTES}\n-- edited` });
      await expect(runMigrations(sql, edited)).rejects.toThrow(/001-create-notes\.sql was changed/);
    } finally {
      await sql.end();
    }
  });

  it('migrates once when two replicas start together against a database written before checksums', async () => {
    const database = await freshDatabase();
    const setup = connectDatabase(database.url, { max: 1 });
    await setup.unsafe(CREATE_NOTES);
    await setup`create table schema_migrations (name text primary key, applied_at timestamptz not null default now())`;
    await setup`insert into schema_migrations (name) values ('001-create-notes.sql')`;
    await setup.end();
    const replicas = [connectDatabase(database.url, { max: 1 }), connectDatabase(database.url, { max: 1 })];
    try {
      const results = await Promise.all(replicas.map((sql) => runMigrations(sql, dir)));
      expect(results.flat()).toEqual(['002-seed-notes.sql']);
      expect((await replicas[0]!`select body from notes`).map((row) => row.body)).toEqual(['first']);
      const [unchecked] =
        await replicas[0]!`select count(*)::int as n from schema_migrations where checksum is null`;
      expect(unchecked?.n).toBe(0);
    } finally {
      await Promise.all(replicas.map((sql) => sql.end()));
    }
  });
});
