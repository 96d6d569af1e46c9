// The transactional outbox every service with a database uses to announce a change on JetStream: the message is
// written in the same transaction as the change (so there is never a change without its message, nor a message
// without its change), then a relay publishes it with its message id (so JetStream drops a repeated publish) and
// marks it published. Several replicas relay at once without publishing one row twice (SKIP LOCKED).
import { natsHeaders, type JetStreamClient } from './nats';
import type { Db, Sql } from './database';
import type { Logger } from './logger';
import { startPeriodicJob } from './periodic-job';

/** The kit's migration folder with the outbox table; pass it to runMigrations before the service's own folder. */
export const OUTBOX_MIGRATIONS = new URL('../migrations/outbox/', import.meta.url);

export interface OutboxMessage {
  /** The full subject, namespace included. */
  subject: string;
  /** JetStream message id: the same logical message always has the same id. */
  msgId: string;
  payload: unknown;
  /** NATS headers to publish with it (the request id the message was recorded for). */
  headers?: Record<string, string>;
}

export interface Outbox {
  /**
   * Records a message inside the caller's transaction; recording the same msgId twice keeps one. It hands back the
   * statement itself, already sent, so a transaction made of such statements can return them as an array and have
   * its COMMIT sent with them (docs/performance.md#the-prompt-calls-round-trips).
   */
  enqueue(tx: Db, message: OutboxMessage): Promise<unknown>;
  /** Publish soon (call after the transaction that enqueued has committed). */
  trigger(): void;
  /** Publish what is pending now and wait (tests, shutdown). Failures stay pending for the next run. */
  publishPending(): Promise<void>;
  stop(): Promise<void>;
}

export interface OutboxOptions {
  sql: Sql;
  js: JetStreamClient;
  logger: Logger;
  intervalMs?: number;
  publishTimeoutMs?: number;
  batchSize?: number;
}

interface PendingRow {
  msg_id: string;
  subject: string;
  payload: unknown;
  headers: Record<string, string> | null;
}

function toNatsHeaders(values: Record<string, string> | null) {
  if (!values) return undefined;
  const h = natsHeaders();
  for (const [name, value] of Object.entries(values)) h.set(name, value);
  return h;
}

/** How often a relay drops the rows published over a day ago (a scan of the table: not on every run). */
const CLEANUP_EVERY_MS = 60_000;

/**
 * Publishes the rows in order, stopping at the first JetStream refuses (what follows waits for the next run rather
 * than overtaking it). Returns how many were published and the id of the one refused, if any.
 */
async function publishInOrder(
  rows: readonly PendingRow[],
  js: JetStreamClient,
  publishTimeoutMs: number,
  logger: Logger,
): Promise<{ published: number; refused?: string | undefined }> {
  let published = 0;
  for (const row of rows) {
    try {
      const headers = toNatsHeaders(row.headers);
      await js.publish(row.subject, JSON.stringify(row.payload), {
        msgID: row.msg_id,
        timeout: publishTimeoutMs,
        ...(headers ? { headers } : {}),
      });
    } catch (error) {
      logger.warn({ err: error, msgId: row.msg_id }, 'outbox message not published yet; will retry');
      return { published, refused: row.msg_id };
    }
    published += 1;
  }
  return { published };
}

export function startOutboxRelay({
  sql,
  js,
  logger,
  intervalMs = 5_000,
  publishTimeoutMs = 2_000,
  batchSize = 100,
}: OutboxOptions): Outbox {
  let cleanedAt = 0;
  const relay = startPeriodicJob({
    name: 'jetstream outbox',
    intervalMs,
    logger,
    run: () =>
      sql.begin(async (tx) => {
        // Taken and marked published in one statement (a run follows every charged call: each round trip counts);
        // what JetStream refuses is marked pending again below, in the same transaction.
        // The locked rows are numbered in the order they were taken (created_at, then as recorded): RETURNING keeps
        // no order, and one transaction's messages share a created_at.
        const taken = await tx<Array<PendingRow & { position: number }>>`
          with picked as (
            select msg_id from jetstream_outbox
            where published_at is null
            order by created_at
            limit ${batchSize}
            for update skip locked
          ), numbered as (
            select msg_id, (row_number() over ())::int as position from picked
          )
          update jetstream_outbox o set published_at = now(), attempts = o.attempts + 1
          from numbered n where o.msg_id = n.msg_id
          returning o.msg_id, o.subject, o.payload, o.headers, n.position`;
        const rows = taken.sort((a, b) => a.position - b.position);
        const { published, refused } = await publishInOrder(rows, js, publishTimeoutMs, logger);
        if (refused) {
          // The refused message counts its attempt; those after it were not tried.
          const unpublished = rows.slice(published).map((row) => row.msg_id);
          await tx`
            update jetstream_outbox
            set published_at = null, attempts = attempts - (case when msg_id = ${refused} then 0 else 1 end)
            where msg_id in ${tx(unpublished)}`;
        }
        // Published rows are kept a day for diagnosis (JetStream's duplicate window is minutes), then dropped. The
        // delete scans the table, so it runs once a minute at most, not on every run.
        const now = Date.now();
        if (now - cleanedAt >= CLEANUP_EVERY_MS) {
          cleanedAt = now;
          await tx`delete from jetstream_outbox where published_at < now() - interval '1 day'`;
        }
      }),
  });

  return {
    enqueue: (tx, { subject, msgId, payload, headers }) =>
      tx`
        insert into jetstream_outbox (msg_id, subject, payload, headers)
        values (${msgId}, ${subject}, ${tx.json(payload as never)}, ${headers ? tx.json(headers) : null})
        on conflict (msg_id) do nothing`.execute(),
    trigger: () => relay.trigger(),
    publishPending: () => relay.runNow(),
    stop: () => relay.stop(),
  };
}
