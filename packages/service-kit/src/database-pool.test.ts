// The kit's pool guard on the run's PostgreSQL (red-team D1): a pool query inside a transaction fails at once, a call
// that finds no free connection in time fails with 503 instead of waiting for good, PostgreSQL ends a transaction
// left idle, and liveness tells a stuck pool from a busy one.
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, isDatabaseUnavailable, type Sql } from './database';
import { PoolAcquireTimeoutError, PoolInsideTransactionError, poolHealth } from './database-pool';
import { createHttpApp } from './http-app';
import { createTestDatabase, silentLogger, startTestService, type TestDatabase } from './testing';

let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('kit_pool_guard');
  sql = connectDatabase(database.url, { max: 2 });
  await sql`create table notes (id int primary key, body text not null)`;
}, 30_000);

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

/** A transaction that holds its connection until `release()` is called. */
function holdConnection(pool: Sql) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let began: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (began = resolve));
  const done = pool.begin(async (tx) => {
    await tx`select 1`;
    began();
    await released;
  });
  return { holding, release, done };
}

describe('a query on the pool inside a transaction', () => {
  it('fails at once with a clear error, rolls the transaction back, and the pool stays usable', async () => {
    const attempt = sql.begin(async (tx) => {
      await tx`insert into notes (id, body) values (1, 'kept only if the transaction commits')`;
      return sql`select count(*)::int as n from notes`;
    });
    await expect(attempt).rejects.toBeInstanceOf(PoolInsideTransactionError);
    await expect(attempt).rejects.toThrow(/use the transaction’s tx/);
    expect(await sql`select id from notes`).toEqual([]);

    // So does a second begin on the pool, inside a called function and after an await.
    const readThroughPool = () => sql`select 1`;
    await expect(
      sql.begin(async (tx) => {
        await tx`select 1`;
        await sql.begin((inner) => inner`select 1`);
      }),
    ).rejects.toBeInstanceOf(PoolInsideTransactionError);
    await expect(sql.begin(async () => readThroughPool())).rejects.toBeInstanceOf(PoolInsideTransactionError);
  });

  it('is refused in a transaction that stays open while others begin and end around it', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const long = sql.begin(async (tx) => {
      await tx`select 1`;
      await released;
      return sql`select 1`;
    });
    // Another transaction begins and ends (the last but one to close), then the first reads through the pool.
    await sql.begin((tx) => tx`select 1`);
    release();
    await expect(long).rejects.toBeInstanceOf(PoolInsideTransactionError);
  });

  it('leaves the transaction’s own queries, fragments, json, unsafe and savepoints working', async () => {
    const where = sql`where id = ${2}`;
    const rows = await sql.begin(async (tx) => {
      await tx`insert into notes ${tx({ id: 2, body: 'two' })}`;
      await tx.unsafe("insert into notes (id, body) values (3, 'three')");
      await tx.savepoint((sp) => sp`update notes set body = ${'TWO'} where id = 2`);
      await tx
        .savepoint(async (sp) => {
          await sp`update notes set body = 'lost' where id = 3`;
          throw new Error('roll back to the savepoint');
        })
        .catch(() => undefined);
      const [json] = await tx`select ${tx.json({ a: 1 })}::jsonb as value`;
      expect(json?.value).toEqual({ a: 1 });
      // A fragment built on the pool is only text inside the transaction's query: it never runs on its own.
      return tx`select id, body from notes ${where} or id = 3 order by id`;
    });
    expect(rows.map((row) => [row.id, row.body])).toEqual([
      [2, 'TWO'],
      [3, 'three'],
    ]);
    // Outside a transaction, the pool is the pool.
    expect(await sql`select count(*)::int as n from notes`).toEqual([{ n: 2 }]);
    await sql`delete from notes`;
  });
});

describe('a call that finds no free connection', () => {
  it('fails with POOL_ACQUIRE_TIMEOUT (a 503 "try again"), and the pool serves again once a connection is free', async () => {
    const pool = connectDatabase(database.url, { max: 1, acquireTimeoutMs: 300, stuckAfterMs: 60_000 });
    try {
      const held = holdConnection(pool);
      await held.holding;
      const waiting = pool`select 1 as one`;
      await expect(waiting).rejects.toBeInstanceOf(PoolAcquireTimeoutError);
      expect(isDatabaseUnavailable(await waiting.catch((error: unknown) => error))).toBe(true);
      await expect(pool.begin((tx) => tx`select 1`)).rejects.toBeInstanceOf(PoolAcquireTimeoutError);
      held.release();
      await held.done;
      expect(await pool`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await pool.end({ timeout: 5 });
    }
  });
});

describe('a call that gives up while its connection is still opening', () => {
  it('leaves that connection to the pool once it opens (the driver would have kept it among those opening)', async () => {
    // 1 ms is shorter than any connect (TCP, start-up, authentication, the types query): the first call gives up
    // while the pool's only connection opens for it.
    const pool = connectDatabase(database.url, { max: 1, acquireTimeoutMs: 1 });
    try {
      await expect(pool`select 1`).rejects.toBeInstanceOf(PoolAcquireTimeoutError);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The connection is open and free: the next call gets it at once, with no time to wait at all.
      expect(await pool`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await pool.end({ timeout: 5 });
    }
  });
});

describe('a transaction left idle', () => {
  it('is ended by PostgreSQL (idle_in_transaction_session_timeout is set on every connection)', async () => {
    expect(await sql`show idle_in_transaction_session_timeout`).toEqual([
      { idle_in_transaction_session_timeout: '30s' },
    ]);
    const pool = connectDatabase(database.url, { max: 1, idleInTransactionMs: 200 });
    try {
      const held = holdConnection(pool);
      const failure = held.done.then(
        () => undefined,
        (error: unknown) => error,
      );
      await held.holding;
      await new Promise((resolve) => setTimeout(resolve, 600));
      held.release();
      // The server ended the session: the transaction fails as "database unavailable" (503), not a 500.
      expect(isDatabaseUnavailable(await failure)).toBe(true);
      expect(await pool`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await pool.end({ timeout: 5 });
    }
  });
});

describe('liveness', () => {
  it('fails /healthz once calls time out and no connection is handed out for long; a busy pool stays live', async () => {
    const pool = connectDatabase(database.url, { max: 1, acquireTimeoutMs: 300, stuckAfterMs: 600 });
    const app = createHttpApp({ name: 'kit-test', logger: silentLogger() });
    const health = poolHealth(pool)!;
    app.addLivenessCheck('database', () => !health.isStuck());
    app.use(new Router().routes());
    const running = await startTestService(app);
    const healthz = async () => {
      const reply = await fetch(`${running.opsUrl}/healthz`);
      return { status: reply.status, body: (await reply.json()) as unknown };
    };
    try {
      // Busy: calls queue behind each other on the one connection, and each gets it.
      await pool`select 1`;
      await Promise.all(Array.from({ length: 20 }, () => pool`select pg_sleep(0.01)`));
      expect(await healthz()).toEqual({ status: 200, body: { status: 'ok' } });

      const held = holdConnection(pool);
      await held.holding;
      await expect(pool`select 1`).rejects.toBeInstanceOf(PoolAcquireTimeoutError);
      await new Promise((resolve) => setTimeout(resolve, 700));
      await expect(pool`select 1`).rejects.toBeInstanceOf(PoolAcquireTimeoutError);
      expect(await healthz()).toEqual({
        status: 503,
        body: { status: 'stuck', checks: { database: 'stuck' } },
      });

      held.release();
      await held.done;
      await pool`select 1`;
      expect((await healthz()).status).toBe(200);
    } finally {
      await running.close();
      await pool.end({ timeout: 5 });
    }
  });
});
