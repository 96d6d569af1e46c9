// Deleting a library item (docs/product-rules.md#library): the result is deleted in its own service, which removes
// its rows and files and publishes `creation.deleted`; the library asks it over NATS and, once it answered, hides
// the entry at once (the event may come later). No answer in time: 503 and nothing changed here, so the member
// retries a delete that either never happened or whose `deleted` event is on its way.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { CreationDeleteReplySchema, type CreationDeleteRequest, type NatsNames } from '@act/contracts/server';
import { AppError, type Logger, type NatsConnection } from '@act/service-kit';
import type { LibraryStore } from '../db/library-store';
import { askService } from './ask-service';

export interface ItemDeleterDeps {
  nc: NatsConnection;
  names: NatsNames;
  store: LibraryStore;
  logger: Logger;
  timeoutMs: number;
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
const unavailable = (cause?: unknown) =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.library.deleteUnavailable, { cause });

export function createItemDeleter({ nc, names, store, logger, timeoutMs }: ItemDeleterDeps) {
  /** The owning service's answer: whether it had the result. Throws 503 when it did not answer in time. */
  const askOwner = async (service: string, request: CreationDeleteRequest): Promise<boolean> => {
    const subject = `${names.creationDeletePrefix}.${service}`;
    try {
      return (await askService(nc, subject, request, CreationDeleteReplySchema, timeoutMs)).deleted;
    } catch (error) {
      logger.warn({ err: error, service, id: request.id }, 'owning service did not answer a library delete');
      throw unavailable(error);
    }
  };

  return {
    /** Deletes the member's item in its service, then hides its entry. Another member's or a gone id: 404. */
    async deleteItem(userId: string, id: string): Promise<void> {
      const row = await store.find(userId, id);
      if (!row) throw notFound();
      const deleted = await askOwner(row.service, { id, userId });
      // `deleted: false`: the service no longer has it (its `deleted` event is late or was lost), so the entry goes.
      if (!deleted) logger.info({ service: row.service, id }, 'library entry whose result was already gone');
      await store.tombstone(userId, id, new Date());
    },
  };
}

export type ItemDeleter = ReturnType<typeof createItemDeleter>;
