// The PostgreSQL driver survives a connection that dies under it. postgres.js 3.4.9 defers small writes to an
// immediate and, when the socket closed in between, threw from it (porsager/postgres#1154, #1208): no caller can catch
// that, so a service process died whenever PostgreSQL restarted at the wrong moment (the PostgreSQL-kill test saw chat
// exit this way). patches/postgres+3.4.9.patch settles such a query with CONNECTION_CLOSED instead; this test fails
// (an uncaught TypeError ends the run) without it.
import { afterAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { testDatabaseServerUrl } from './testing/test-infra';

const admin = postgres(testDatabaseServerUrl(), { max: 1, onnotice: () => undefined });

afterAll(async () => {
  await admin.end({ timeout: 5 });
});

describe('the PostgreSQL driver when its connection dies', () => {
  it('rejects the next query on that connection with CONNECTION_CLOSED and keeps the process alive', async () => {
    const sql = postgres(testDatabaseServerUrl(), { max: 1, onnotice: () => undefined });
    const reserved = await sql.reserve();
    try {
      const [backend] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await admin`select pg_terminate_backend(${backend!.pid})`;
      // The driver notices the close once the socket reports it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        await expect(reserved`select 1`).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
        await new Promise((resolve) => setImmediate(resolve));
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      expect(uncaught).toEqual([]);
    } finally {
      reserved.release();
      await sql.end({ timeout: 5 });
    }
  });
  it("keeps the process alive when a new connection's array-types query fails (porsager/postgres#1192)", async () => {
    // Every new connection first reads the array types; the driver dropped that query's promise, so its failure was
    // an unhandled rejection that ended the process. A 1 ms statement_timeout, set at connect, cancels it.
    const sql = postgres(testDatabaseServerUrl(), {
      max: 1,
      onnotice: () => undefined,
      connection: { statement_timeout: 1 },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // The query that opened the connection ends one way or the other (its own 1 ms limit may cancel it too).
      await sql`select 1`.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await sql.end({ timeout: 5 });
    }
  });
});
