// Opens a credits account (free plan, 50 credits) when identity announces a new user; idempotent, so redeliveries
// and the lazy creation on first reserve or read never make a second account or grant.
import { UserCreatedEventSchema, type NatsNames } from '@act/contracts/server';
import {
  type DurableWorker,
  ensureDurableConsumer,
  jetstreamManager,
  type Logger,
  type NatsConnection,
  parseEvent,
  startDurableWorker,
} from '@act/service-kit';
import type { CreditsStore } from '../db/credits-store';
import { ensureAccount } from '../domain/account-lifecycle';
import type { Clock } from '../clock';

export interface UserCreatedConsumerOptions {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
  store: CreditsStore;
  clock: Clock;
  maxDeliver: number;
}

export async function startUserCreatedConsumer(options: UserCreatedConsumerOptions): Promise<DurableWorker> {
  const { nc, names, logger } = options;
  await ensureDurableConsumer(await jetstreamManager(nc), {
    stream: names.identityStream,
    name: names.userConsumer,
    filterSubject: names.userCreated,
    maxDeliver: options.maxDeliver,
    ackWaitMs: 30_000,
  });
  return startDurableWorker({
    nc,
    logger,
    stream: names.identityStream,
    consumer: names.userConsumer,
    maxDeliver: options.maxDeliver,
    // Dead letters of identity events go next to the usage ones: one place for operators to look.
    deadLetterSubject: names.usageDeadLetter,
    async handle(message) {
      const event = parseEvent(message, UserCreatedEventSchema, 'user-created event');
      const created = await ensureAccount(
        options.store,
        event.userId,
        options.clock.now(),
        new Date(event.createdAt),
      );
      await options.store.recordMemberEmail(event.userId, event.email, options.clock.now());
      if (created) logger.info({ userId: event.userId }, 'account opened from identity event');
    },
  });
}
