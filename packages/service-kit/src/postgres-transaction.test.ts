// A transaction's first statements go out with its BEGIN, and a transaction handed back as an array of statements
// sends its COMMIT with them (patches/postgres+3.4.9.patch, docs/performance.md#the-prompt-calls-round-trips): what
// is written to PostgreSQL is counted through a TCP relay in front of it. The transaction keeps its meaning: a failed
// statement rolls back those sent with it, transactions queued for the pool's one connection stay apart, and a BEGIN
// with options PostgreSQL refuses runs nothing.
import { randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { testDatabaseServerUrl } from './testing/test-infra';

/** A relay to PostgreSQL that counts the chunks the client writes (one per socket write on loopback). */
async function countingRelay(
  target: URL,
): Promise<{ url: string; writes: () => number; close: () => Promise<void> }> {
  let writes = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.on('data', (chunk) => {
      writes += 1;
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(target);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((server.address() as AddressInfo).port);
  return {
    url: relayed.toString(),
    writes: () => writes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const table = `tx_pipelining_${randomUUID().replaceAll('-', '')}`;
const admin = postgres(testDatabaseServerUrl(), { max: 1, onnotice: () => undefined });

beforeAll(async () => {
  await admin.unsafe(`create table ${table} (id int primary key, note text not null)`);
});

afterAll(async () => {
  await admin.unsafe(`drop table if exists ${table}`);
  await admin.end({ timeout: 5 });
});

const ids = async () =>
  (await admin.unsafe<{ id: number }[]>(`select id from ${table} order by id`)).map((row) => row.id);

/** A pool of one connection (to `url`, PostgreSQL itself unless told), ended after `use`; the table emptied after. */
async function withOneConnection(
  use: (sql: postgres.Sql) => Promise<void>,
  url = testDatabaseServerUrl(),
): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await use(sql);
  } finally {
    await sql.end({ timeout: 5 });
    await admin.unsafe(`delete from ${table}`);
  }
}

describe('a transaction on the patched driver', () => {
  it('writes BEGIN with the first statements, and COMMIT with them too when the statements come as an array', async () => {
    const relay = await countingRelay(new URL(testDatabaseServerUrl()));
    try {
      await withOneConnection(async (sql) => {
        await sql`select 1`; // the connection's start-up, not counted
        let before = relay.writes();
        await sql.begin(async (tx) => {
          await tx`insert into ${tx(table)} (id, note) values (1, 'a')`;
        });
        // BEGIN and the insert, then COMMIT: waiting for BEGIN's answer took three.
        expect(relay.writes() - before).toBe(2);
        before = relay.writes();
        await sql.begin((tx) => [
          tx`insert into ${tx(table)} (id, note) values (2, 'b')`,
          tx`insert into ${tx(table)} (id, note) values (3, 'c')`,
        ]);
        expect(relay.writes() - before).toBe(1);
        expect(await ids()).toEqual([1, 2, 3]);
      }, relay.url);
    } finally {
      await relay.close();
    }
  });

  it("keeps nothing of an array of statements one of which fails, and throws that statement's error", async () => {
    await withOneConnection(async (sql) => {
      await expect(
        sql.begin((tx) => [
          tx`insert into ${tx(table)} (id, note) values (6, 'first')`,
          tx`insert into ${tx(table)} (id, note) values (7, ${null as unknown as string})`,
          tx`insert into ${tx(table)} (id, note) values (8, 'after the failure')`,
        ]),
      ).rejects.toMatchObject({ code: '23502' });
      expect(await ids()).toEqual([]);
      await sql.begin((tx) => [tx`insert into ${tx(table)} (id, note) values (9, 'next')`]);
      expect(await ids()).toEqual([9]);
    });
  });

  it('keeps nothing when a statement sent with BEGIN fails, and the connection serves the next transaction', async () => {
    await withOneConnection(async (sql) => {
      await expect(
        sql.begin((tx) =>
          Promise.all([
            tx`insert into ${tx(table)} (id, note) values (3, 'kept only with the next')`,
            tx`insert into ${tx(table)} (id, note) values (4, ${null as unknown as string})`,
          ]),
        ),
      ).rejects.toMatchObject({ code: '23502' });
      expect(await ids()).toEqual([]);
      await sql.begin((tx) => tx`insert into ${tx(table)} (id, note) values (5, 'next')`);
      expect(await ids()).toEqual([5]);
    });
  });

  it('keeps transactions queued for one connection apart: each commits or rolls back alone', async () => {
    await withOneConnection(async (sql) => {
      const outcomes = await Promise.allSettled(
        [10, 11, 12, 13].map((id) =>
          sql.begin(async (tx) => {
            await tx`insert into ${tx(table)} (id, note) values (${id}, 'queued')`;
            if (id % 2) throw new Error(`transaction ${id} gives up`);
            const [seen] = await tx<{ n: number }[]>`select count(*)::int as n from ${tx(table)}`;
            return seen!.n;
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
      ]);
      // Each saw its own row and those committed before it, never a row of one still open or rolled back.
      expect(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))).toEqual([
        1, 2,
      ]);
      expect(await ids()).toEqual([10, 12]);
    });
  });

  it('runs nothing of a transaction whose BEGIN PostgreSQL refuses', async () => {
    await withOneConnection(async (sql) => {
      let ran = false;
      await expect(
        sql.begin('isolation level nonsense', async (tx) => {
          ran = true;
          await tx`insert into ${tx(table)} (id, note) values (20, 'never')`;
        }),
      ).rejects.toMatchObject({ code: '42601' });
      expect(ran).toBe(false);
      expect(await ids()).toEqual([]);
    });
  });

  it("takes its connection when its BEGIN fills that connection's pipeline (porsager/postgres#1189)", async () => {
    // Both connections are busy when BEGIN comes, so the pool pipelines it behind a query on one of them, and with
    // one query in flight that connection's pipeline (max_pipeline: 1) is full. The driver used to reserve the
    // connection only when it could take more, so this BEGIN, which chat's replies met under load at the default
    // of 100, failed with UNSAFE_TRANSACTION.
    // max_pipeline is an option of the driver that its types leave out.
    const options = { max: 2, max_pipeline: 1, onnotice: () => undefined };
    const sql = postgres(testDatabaseServerUrl(), options);
    try {
      await Promise.all([sql`select 1`, sql`select 2`]); // both connections open
      const slow = [sql`select pg_sleep(0.3)`.execute(), sql`select pg_sleep(0.3)`.execute()];
      await sql.begin(async (tx) => {
        await tx`insert into ${tx(table)} (id, note) values (30, 'pipelined behind a busy query')`;
      });
      await Promise.all(slow);
      expect(await ids()).toEqual([30]);
    } finally {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`delete from ${table}`);
    }
  });
});
