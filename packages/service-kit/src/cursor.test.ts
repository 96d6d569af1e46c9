import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { afterCursor, decodeCursor, encodeCursor, pageOf, type CursorPosition } from './cursor';
import { connectDatabase, type Sql } from './database';
import { isAppError } from './errors';
import { createTestDatabase, type TestDatabase } from './testing';

const ID = '0b5c3f2e-8f0a-4d7e-9d55-0a1b2c3d4e5f';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(cursor: string) {
  try {
    decodeCursor(cursor);
  } catch (error) {
    if (isAppError(error))
      return { status: error.status, message: error.message, field: error.details.field };
    throw error;
  }
  throw new Error(`accepted ${cursor}`);
}

describe('decodeCursor', () => {
  it('reads back what encodeCursor wrote, in the forms PostgreSQL prints timestamps', () => {
    for (const timestampKey of [
      '2026-11-22 23:23:33.123456+00',
      '2026-11-22 23:23:33+05:30',
      '2024-02-29 00:00:00.5-03',
      '2026-01-01T00:00:00Z',
      '0001-01-01 00:00:00+00',
    ]) {
      const position = { timestampKey, id: ID };
      expect(decodeCursor(encodeCursor(position))).toEqual(position);
    }
  });

  it('answers 400 Invalid request on the cursor field for anything else, never an error from the database', () => {
    const invalid = { status: 400, message: ERROR_TEXTS.validation.invalidRequest, field: 'cursor' };
    for (const cursor of [
      'garbage',
      '',
      raw({ timestampKey: '2026-01-01 00:00:00+00', id: ID }),
      raw(['2026-01-01 00:00:00+00']),
      raw(['2026-01-01 00:00:00+00', ID, 'extra']),
      raw(['2026-01-01 00:00:00+00', 'not-a-uuid']),
      raw(['2026-01-01 00:00:00+00', `${ID}' or 1=1`]),
      // Years, months, days and times PostgreSQL refuses (Date.parse accepts several of these).
      raw(['99999-01-01', ID]),
      raw(['+200000-01-01T00:00:00Z', ID]),
      raw(['0000-01-01 00:00:00+00', ID]),
      raw(['2026-13-01 00:00:00+00', ID]),
      raw(['2026-02-30 00:00:00+00', ID]),
      raw(['2025-02-29 00:00:00+00', ID]),
      raw(['2026-01-01 24:00:00+00', ID]),
      raw(['2026-01-01 00:00:60+00', ID]),
      raw(['2026-01-01 00:00:00+16', ID]),
      raw(['2026-01-01 00:00:00.1234567+00', ID]),
      raw(['infinity', ID]),
      raw(['2026-01-01', ID]),
    ]) {
      expect(refusal(cursor)).toEqual(invalid);
    }
  });
});

describe('afterCursor and pageOf on a real table', () => {
  let database: TestDatabase;
  let sql: Sql;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('kit_cursor');
    sql = connectDatabase(database.url, { max: 2 });
    await sql`create table notes (id uuid primary key, created_at timestamptz not null)`;
    // Seven rows: three share one microsecond, two are one microsecond apart, so only (timestamp, id) orders them.
    const stamps = [
      '2026-01-01 10:00:00.000001+00',
      '2026-01-01 10:00:00.000001+00',
      '2026-01-01 10:00:00.000001+00',
      '2026-01-01 10:00:00.000002+00',
      '2026-01-01 10:00:00.000003+00',
      '2025-12-31 23:59:59+00',
      '2026-06-01 12:00:00+00',
    ];
    for (const stamp of stamps) {
      const id = randomUUID();
      ids.push(id);
      await sql`insert into notes (id, created_at) values (${id}, ${stamp}::timestamptz)`;
    }
  });

  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  async function page(limit: number, cursor?: string) {
    const rows = await sql<{ id: string; created_key: string }[]>`
      select id, created_at::text as created_key from notes
      where ${afterCursor(sql, cursor ? decodeCursor(cursor) : undefined, 'created_at')}
      order by created_at desc, id desc
      limit ${limit + 1}`;
    return pageOf(rows, limit, (row): CursorPosition => ({ timestampKey: row.created_key, id: row.id }));
  }

  it('walks every row exactly once, newest first, across equal and microsecond-apart timestamps', async () => {
    const expected = await sql<{ id: string }[]>`select id from notes order by created_at desc, id desc`;
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const next = await page(2, cursor);
      seen.push(...next.items.map((row) => row.id));
      cursor = next.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(expected.map((row) => row.id));
    expect(new Set(seen).size).toBe(ids.length);
    expect(pages).toBe(4);
  });

  it('says there is no next page when the rows fit exactly', async () => {
    const all = await page(ids.length);
    expect(all.items).toHaveLength(ids.length);
    expect(all.nextCursor).toBeNull();
  });

  it('reads cursors made in another session time zone', async () => {
    const [row] = await sql.begin(async (tx) => {
      await tx`set local time zone 'Asia/Kolkata'`;
      return tx<{ id: string; created_key: string }[]>`
        select id, created_at::text as created_key from notes order by created_at desc, id desc limit 1`;
    });
    expect(row!.created_key).toMatch(/\+05:30$/);
    const cursor = encodeCursor({ timestampKey: row!.created_key, id: row!.id });
    const next = await page(1, cursor);
    expect(next.items[0]?.id).not.toBe(row!.id);
    expect(next.items).toHaveLength(1);
  });
});
