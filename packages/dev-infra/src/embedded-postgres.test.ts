import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabases, databaseUrl, redactUrl, startEmbeddedPostgres } from './embedded-postgres';
import { DataDirBusyError, isProcessAlive } from './processes';
import { makeTempDir } from './test-dirs';

const temp = makeTempDir('pg');
afterAll(() => temp.remove());

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('startEmbeddedPostgres', () => {
  it('runs a real server, keeps its URL and data across a restart, and leaves no process behind', async () => {
    const dataDir = path.join(temp.dir, 'cluster');
    const first = await startEmbeddedPostgres({ dataDir, durability: 'relaxed' });
    const firstPid = postmasterPid(dataDir);
    try {
      await createDatabases(first.url, ['alpha', 'beta']);
      // Creating again is a no-op, not an error.
      await createDatabases(first.url, ['alpha', 'beta']);
      const sql = postgres(databaseUrl(first.url, 'alpha'), { onnotice: () => undefined });
      await sql`create table kept (note text)`;
      await sql`insert into kept values ('survives a restart')`;
      await sql.end();
    } finally {
      await first.stop();
    }
    expect(isProcessAlive(firstPid)).toBe(false);

    const second = await startEmbeddedPostgres({ dataDir, durability: 'relaxed' });
    const secondPid = postmasterPid(dataDir);
    try {
      expect(second.url).toBe(first.url);
      const sql = postgres(databaseUrl(second.url, 'alpha'));
      const rows = await sql`select note from kept`;
      await sql.end();
      expect(rows.map((row) => row.note)).toEqual(['survives a restart']);
    } finally {
      await second.stop();
    }
    expect(isProcessAlive(secondPid)).toBe(false);
  });

  it('refuses a data folder that a live server already uses', async () => {
    const dataDir = path.join(temp.dir, 'busy');
    const server = await startEmbeddedPostgres({ dataDir, durability: 'relaxed' });
    try {
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toBeInstanceOf(DataDirBusyError);
    } finally {
      await server.stop();
    }
  });
});

describe('database URLs', () => {
  it('points the admin URL at another database with the same credentials', () => {
    expect(databaseUrl('postgres://postgres:secret@127.0.0.1:5555/postgres', 'credits')).toBe(
      'postgres://postgres:secret@127.0.0.1:5555/credits',
    );
  });

  it('hides the password in logs', () => {
    expect(redactUrl('postgres://postgres:secret@127.0.0.1:5555/postgres')).toBe(
      'postgres://postgres:***@127.0.0.1:5555/postgres',
    );
  });

  it('rejects names that are not plain identifiers', async () => {
    await expect(createDatabases('postgres://127.0.0.1:1/postgres', ['bad"name'])).rejects.toThrow(
      'Invalid database name',
    );
  });
});
