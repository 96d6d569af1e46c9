// Keeps the library's read model from the CREATIONS stream (docs/architecture.md#library): one durable consumer of
// `creation.created` and `creation.deleted`. Each event is applied idempotently and in any order (library-store.ts):
// a repeat changes nothing, an older announcement never overwrites a newer one (the stream sequence is the
// revision), and a tombstone is never undone. An event that is not one (bad JSON, wrong shape) is logged and
// dead-lettered at once; a database failure is retried and, after LIBRARY_MAX_DELIVER deliveries, dead-lettered.
import { CreationEventSchema, type NatsNames } from '@act/contracts/server';
import {
  ensureCreationsStream,
  ensureDurableConsumer,
  jetstreamManager,
  parseEvent,
  startDurableWorker,
  type DurableWorker,
  type Logger,
  type NatsConnection,
} from '@act/service-kit';
import type { LibraryStore } from '../db/library-store';

export interface CreationsConsumerOptions {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
  store: LibraryStore;
  maxDeliver: number;
  replicas?: number;
}

export async function startCreationsConsumer(options: CreationsConsumerOptions): Promise<DurableWorker> {
  const { nc, names, logger, store } = options;
  const jsm = await jetstreamManager(nc);
  await ensureCreationsStream(jsm, names, options.replicas);
  await ensureDurableConsumer(jsm, {
    stream: names.creationsStream,
    name: names.libraryConsumer,
    // `creation.*`, not `creation.>`: the stream also holds this consumer's own dead letters.
    filterSubject: names.creationEvents,
    maxDeliver: options.maxDeliver,
    ackWaitMs: 30_000,
  });
  return startDurableWorker({
    nc,
    logger,
    stream: names.creationsStream,
    consumer: names.libraryConsumer,
    maxDeliver: options.maxDeliver,
    deadLetterSubject: names.creationDeadLetter,
    async handle(message) {
      const event = parseEvent(message, CreationEventSchema, 'creation event');
      if (event.type === 'created') await store.applyCreated(event, message.seq);
      else await store.applyDeleted(event);
    },
  });
}
