import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, runMigrations, type Sql } from './database';
import { createTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase('kit_migrations');
  dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  await writeFile(
    path.join(dir, '001-create-notes.sql'),
    'create table notes (id serial primary key, body text not null);',
  );
  await writeFile(path.join(dir, '002-seed-notes.sql'), "insert into notes (body) values ('first');");
  await writeFile(path.join(dir, 'README.txt'), 'not a migration');
});

afterAll(async () => {
  await database.drop();
});

describe('runMigrations', () => {
  it('applies each file once even when two replicas start at the same moment', async () => {
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

  it('rolls back a failing migration and leaves it unrecorded', async () => {
    const sql = connectDatabase(database.url, { max: 1 });
    try {
      await writeFile(path.join(dir, '003-broken.sql'), 'insert into notes (body) values (null);');
      await expect(runMigrations(sql, dir)).rejects.toThrow(/null value/);
      const recorded = await sql`select name from schema_migrations order by name`;
      expect(recorded.map((row) => row.name)).toEqual(['001-create-notes.sql', '002-seed-notes.sql']);
    } finally {
      await sql.end();
    }
  });
});
