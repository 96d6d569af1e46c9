// The kit's guard around a postgres.js pool (docs/architecture.md#database-connections). A transaction holds one
// connection until it ends; a query it sends through the pool instead of its `tx` waits for a second one, and enough
// of them at once hold every connection while each waits for another: the pool is wedged for good (red-team D1).
// So (1) a pool query issued inside a `sql.begin` callback fails at once with PoolInsideTransactionError, a
// programmer's error that tests catch and production answers with a 500 instead of wedging; (2) a call that waits for
// a connection longer than the acquire timeout fails with POOL_ACQUIRE_TIMEOUT (503 "try again"); (3) the pool
// remembers when it last handed out a connection, so liveness can tell a stuck pool from a busy one.
//
// postgres.js offers no acquire timeout; the guard hooks a pool query where the driver hands it to the pool
// (`query.handler`, called once when the query is first awaited), never the queries of a transaction, so `tx`
// queries, fragments, helpers (`sql.json`, `sql(...)`), savepoints and listen work as before.
import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';

/** A pool query as postgres.js builds it: the parts the guard reads and sets (src/query.js). */
interface PoolQuery {
  handler: (query: PoolQuery) => void;
  /** Set when a connection builds the query to send it; null while it waits for one. */
  statement: unknown;
  reject(error: unknown): void;
  cancel(): unknown;
  then(onSettled: () => void, onFailed: () => void): unknown;
}

/** True while the transaction whose callback started this async context is open. */
interface TransactionScope {
  open: boolean;
}

// One store for the process: a query belongs to the transaction whose callback it runs under, whatever the pool.
// On Node 20 and 22 an entered AsyncLocalStorage runs a hook on every promise the process makes (about 100 ns each,
// docs/architecture.md#database-connections), so it is switched off whenever no transaction is open: the cost is
// paid only while one is.
const transactions = new AsyncLocalStorage<TransactionScope>();
let openTransactions = 0;

/** Thrown for a pool query (or a second `begin`) issued inside a transaction: it must use that transaction's `tx`. */
export class PoolInsideTransactionError extends Error {
  constructor() {
    super(
      'a query used the connection pool inside a transaction: use the transaction’s tx (a pool query waits for a ' +
        'second connection while the transaction holds one, and enough of them wedge the pool)',
    );
    this.name = 'PoolInsideTransactionError';
  }
}

/** The code of a call that found no free connection in time (isDatabaseUnavailable: 503 with Retry-After). */
export const POOL_ACQUIRE_TIMEOUT = 'POOL_ACQUIRE_TIMEOUT';

export class PoolAcquireTimeoutError extends Error {
  readonly code = POOL_ACQUIRE_TIMEOUT;
  constructor(timeoutMs: number) {
    super(`no database connection was free within ${timeoutMs} ms`);
    this.name = 'PoolAcquireTimeoutError';
  }
}

/**
 * Runs `fn` as a caller of its own, outside the transaction whose callback calls it: for a test that plays another
 * process (its own connection) while holding a transaction. Never for service code: there, use the `tx`.
 */
export function outsideTransaction<T>(fn: () => T): T {
  return transactions.exit(fn);
}

export interface PoolHealth {
  /**
   * True when calls have been failing for want of a connection and no call has got one for `stuckAfterMs`: every
   * connection has been held by the same work all that time. A busy pool hands connections out every few
   * milliseconds, so it never reads as stuck.
   */
  isStuck(): boolean;
}

const healthOf = new WeakMap<postgres.Sql, PoolHealth>();

/** The health of a pool connectDatabase made (undefined for any other). */
export function poolHealth(sql: postgres.Sql): PoolHealth | undefined {
  return healthOf.get(sql);
}

export interface PoolGuardOptions {
  acquireTimeoutMs: number;
  stuckAfterMs: number;
}

/** The pool with the guard, the acquire timeout and its health; use only what this returns, never `pool` itself. */
export function guardPool(
  pool: postgres.Sql,
  { acquireTimeoutMs, stuckAfterMs }: PoolGuardOptions,
): postgres.Sql {
  let lastAcquiredAt = performance.now();
  let lastTimeoutAt = Number.NEGATIVE_INFINITY;

  const watch = (query: PoolQuery) => {
    const timer = setTimeout(() => {
      if (query.statement !== null) return;
      lastTimeoutAt = performance.now();
      // The driver's cancel takes a waiting query off the pool's queue and rejects it; with the kit's error instead.
      const reject = query.reject;
      query.reject = () => reject(new PoolAcquireTimeoutError(acquireTimeoutMs));
      query.cancel();
    }, acquireTimeoutMs);
    const settled = () => {
      clearTimeout(timer);
      if (query.statement !== null) lastAcquiredAt = performance.now();
    };
    query.then(settled, settled);
  };

  const adopt = <T>(built: T): T => {
    if (!(built instanceof Promise)) return built; // a fragment helper (sql(...)), not a query
    const query = built as unknown as PoolQuery;
    if (transactions.getStore()?.open) {
      // Made here, in the caller's frame, so its stack names the function that used the pool.
      const error = new PoolInsideTransactionError();
      query.handler = (refused) => refused.reject(error);
      return built;
    }
    const send = query.handler;
    query.handler = (sent) => {
      send(sent);
      if (sent.statement === null) watch(sent);
      else lastAcquiredAt = performance.now();
    };
    return built;
  };

  // The driver's own begin sends BEGIN through `pool.unsafe`: replacing it there puts BEGIN under the guard too.
  const unsafe = pool.unsafe.bind(pool);
  pool.unsafe = ((...args: Parameters<typeof pool.unsafe>) => adopt(unsafe(...args))) as typeof pool.unsafe;
  const begin = pool.begin.bind(pool) as (...args: unknown[]) => Promise<unknown>;

  const guarded = ((...args: Parameters<typeof pool>) => adopt(pool(...args))) as postgres.Sql;
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(pool))) {
    if (key !== 'length' && key !== 'name' && key !== 'prototype')
      Object.defineProperty(guarded, key, descriptor);
  }
  guarded.begin = ((options: unknown, fn?: unknown) => {
    const body = (fn ?? options) as (tx: postgres.TransactionSql) => unknown;
    const scope: TransactionScope = { open: true };
    const inScope = (tx: postgres.TransactionSql) => transactions.run(scope, body, tx);
    openTransactions += 1;
    const result = fn === undefined ? begin(inScope) : begin(options, inScope);
    return result.finally(() => {
      scope.open = false;
      openTransactions -= 1;
      // Stores left on async resources keep `open: false`, so a later run never reads one as inside.
      if (openTransactions === 0) transactions.disable();
    });
  }) as postgres.Sql['begin'];

  healthOf.set(guarded, {
    isStuck: () => {
      const now = performance.now();
      return lastTimeoutAt > lastAcquiredAt && now - lastAcquiredAt > stuckAfterMs;
    },
  });
  return guarded;
}
