// What a service that owns results does for the library (issue 37, docs/architecture.md#library-events), the same
// way in every such service: it announces each stored or deleted result through its outbox (creationAnnouncer, in
// the result's own transaction), answers the library's delete requests with its own delete (`library.delete.<service>`,
// one replica of the queue group answers), and once per database announces the results it stored before (backfill).
import {
  CreationDeleteRequestSchema,
  type CreationCreated,
  type CreationDeleteReply,
  type CreationDeleteRequest,
  type CreationService,
  type NatsNames,
} from '@act/contracts/server';
import { enqueueCreationCreated, enqueueCreationDeleted, ensureCreationsStream } from './creations';
import type { Db, Sql } from './database';
import { ErrorCode, isAppError } from './errors';
import type { Logger } from './logger';
import { answerWhenDone, jetstreamManager, type NatsConnection, type Subscription } from './nats';
import type { Outbox } from './outbox';
import { deleteOwned, type OwnedKey, type OwnedTable } from './owned';

/** The kit's migration folder with the backfill's progress table; pass it to runMigrations with the outbox's. */
export const CREATIONS_MIGRATIONS = new URL('../migrations/creations/', import.meta.url);

/** A created event as a service describes it (the announcer adds its service). */
export type CreationOf = Omit<CreationCreated, 'type' | 'service'>;

/** Writes a service's creation events into its outbox, inside the caller's transaction. */
export interface CreationAnnouncer {
  /**
   * A stored result; `revision` when it is announced again with new content (a chat that grew or was renamed). Hands
   * back the outbox's statement, as Outbox.enqueue does.
   */
  created(tx: Db, event: CreationOf, revision?: string): Promise<unknown>;
  /** A deleted result (its rows gone in this transaction). */
  deleted(tx: Db, key: { id: string; userId: string }): Promise<void>;
  /** Publish soon: call after the transaction committed. */
  trigger(): void;
}

export function creationAnnouncer(
  outbox: Outbox,
  names: NatsNames,
  service: CreationService,
): CreationAnnouncer {
  return {
    created: (tx, event, revision) =>
      enqueueCreationCreated(outbox, tx, names, { ...event, service }, revision),
    deleted: (tx, { id, userId }) =>
      enqueueCreationDeleted(outbox, tx, names, {
        id,
        userId,
        service,
        deletedAt: new Date().toISOString(),
      }),
    trigger: () => outbox.trigger(),
  };
}

export interface CreationOwnerOptions {
  service: CreationService;
  nc: NatsConnection;
  sql: Sql;
  outbox: Outbox;
  names: NatsNames;
  logger: Logger;
  /**
   * Deletes the member's result the way the service's own delete endpoint does (rows, files, the deleted event);
   * false when the member has no result with this id (already gone, or another member's).
   */
  deleteResult(request: CreationDeleteRequest): Promise<boolean>;
  /**
   * The stored results with an id after `after` (all when null), in id order, at most `limit`, as created events; a
   * page shorter than `limit` ends the backfill.
   */
  backfillPage(db: Db, after: string | null, limit: number): Promise<CreationOf[]>;
  /** Results announced per backfill transaction. */
  batchSize?: number;
}

/** A delete endpoint's code as the library's delete: true when it deleted, false on its 404 (none of the member's). */
export async function deletedUnlessMissing(remove: () => Promise<unknown>): Promise<boolean> {
  try {
    await remove();
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === ErrorCode.NOT_FOUND) return false;
    throw error;
  }
}

/**
 * Deletes a member's result that is one row and no stored file (a prompt result, a summary) with its deleted event,
 * in one transaction, then has the outbox publish it. Another member's id, or none, is the 404 of deleteOwned and
 * nothing is announced. The one delete of both the service's own endpoint and the library's request (through
 * deletedUnlessMissing).
 */
export async function deleteOwnedCreation(
  sql: Sql,
  owned: OwnedTable,
  key: OwnedKey,
  creations: CreationAnnouncer,
): Promise<void> {
  await sql.begin(async (tx) => {
    await deleteOwned(tx, owned, key);
    await creations.deleted(tx, key);
  });
  creations.trigger();
}

export interface CreationOwner {
  /** Stops answering delete requests. */
  stop(): Promise<void>;
}

/**
 * At start: the CREATIONS stream (so the outbox never publishes into a subject no stream captures), the backfill
 * (once per database), then the answers to the library's delete requests.
 */
export async function startCreationOwner(options: CreationOwnerOptions): Promise<CreationOwner> {
  await ensureCreationsStream(await jetstreamManager(options.nc), options.names);
  await backfillCreations(options);
  const subscription = answerDeleteRequests(options);
  return { stop: async () => subscription.unsubscribe() };
}

/**
 * Announces the results stored before, one batch per transaction through the outbox (message ids `created:<id>`, so
 * a result announced already is dropped as a repeat). Each batch takes the service's advisory lock and reads and
 * moves its progress in creation_backfills, so two replicas starting together announce every result once, and the
 * backfill runs once per database.
 */
export async function backfillCreations(options: CreationOwnerOptions): Promise<number> {
  const { sql, service, batchSize = 500 } = options;
  let announced = 0;
  for (;;) {
    const more = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext(${`creation-backfill:${service}`}))`;
      const [state] = await tx<{ last_id: string | null; done_at: Date | null }[]>`
        select last_id, done_at from creation_backfills where service = ${service}`;
      if (state?.done_at) return false;
      const events = await options.backfillPage(tx, state?.last_id ?? null, batchSize);
      for (const event of events)
        await enqueueCreationCreated(options.outbox, tx, options.names, { ...event, service });
      const last = events.at(-1)?.id ?? state?.last_id ?? null;
      const done = events.length < batchSize;
      await tx`
        insert into creation_backfills (service, last_id, done_at)
        values (${service}, ${last}, ${done ? tx`now()` : null})
        on conflict (service) do update set last_id = excluded.last_id, done_at = excluded.done_at`;
      announced += events.length;
      return !done;
    });
    options.outbox.trigger();
    if (!more) break;
  }
  if (announced > 0)
    options.logger.info({ announced, service }, 'announced the stored results to the library');
  return announced;
}

function answerDeleteRequests({
  nc,
  names,
  service,
  logger,
  deleteResult,
}: CreationOwnerOptions): Subscription {
  const encode = (reply: CreationDeleteReply) => JSON.stringify(reply);
  return nc.subscribe(`${names.creationDeletePrefix}.${service}`, {
    queue: names.creationDeleteQueue,
    callback: (error, msg) => {
      if (error) return logger.error({ err: error }, 'library delete requests stopped');
      let body: unknown;
      try {
        body = msg.json();
      } catch {
        body = undefined;
      }
      const request = CreationDeleteRequestSchema.safeParse(body);
      if (!request.success) return void msg.respond(encode({ deleted: false }));
      answerWhenDone(
        logger,
        deleteResult(request.data),
        (deleted) => msg.respond(encode({ deleted })),
        // No answer: the library's request fails and it tries again, rather than being told nothing was there.
        (err: unknown) =>
          logger.error({ err, id: request.data.id }, 'could not delete a result for the library'),
      );
    },
  });
}
