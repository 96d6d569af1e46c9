// The library's events (issue 37; the shapes in @act/contracts/server creations.ts), written the one way every
// result-storing service writes them: into its outbox inside the transaction that stores or deletes the result, so
// the library never lists a result that was not stored nor keeps one that was deleted.
import {
  CreationCreatedSchema,
  CreationDeletedSchema,
  type CreationCreated,
  type CreationDeleted,
  type NatsNames,
} from '@act/contracts/server';
import type { Db } from './database';
import type { JetStreamManager } from './nats';
import { ensureStream } from './nats';
import type { Outbox } from './outbox';

/**
 * Records `creation.created` for a stored result. A result re-announced later (a chat that grew, a rename) passes
 * `revision` (e.g. its updated_at) so JetStream's duplicate window does not drop it; the library keeps the newest.
 */
export function enqueueCreationCreated(
  outbox: Outbox,
  tx: Db,
  names: NatsNames,
  event: Omit<CreationCreated, 'type'>,
  revision?: string,
): Promise<unknown> {
  const payload = CreationCreatedSchema.parse({ type: 'created', ...event });
  return outbox.enqueue(tx, {
    subject: names.creationCreated,
    msgId: revision ? `created:${event.id}:${revision}` : `created:${event.id}`,
    payload,
  });
}

/** Records `creation.deleted` for a deleted result (its rows and files gone in the same transaction or before). */
export async function enqueueCreationDeleted(
  outbox: Outbox,
  tx: Db,
  names: NatsNames,
  event: Omit<CreationDeleted, 'type'>,
): Promise<void> {
  const payload = CreationDeletedSchema.parse({ type: 'deleted', ...event });
  await outbox.enqueue(tx, { subject: names.creationDeleted, msgId: `deleted:${event.id}`, payload });
}

/**
 * The CREATIONS stream (`creation.>`). The library ensures it at start; a publishing service ensures it too, so its
 * outbox relay never publishes into a subject no stream captures (the publish would fail until the library started).
 */
export async function ensureCreationsStream(
  jsm: JetStreamManager,
  names: NatsNames,
  replicas?: number,
): Promise<void> {
  await ensureStream(jsm, { name: names.creationsStream, subjects: names.creationsStreamSubjects, replicas });
}
