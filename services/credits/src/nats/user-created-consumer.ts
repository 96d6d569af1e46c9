// Opens a credits account (free plan, 50 credits) when identity announces a new user; idempotent, so redeliveries
// and the lazy creation on first reserve or read never make a second account or grant.
import { UserCreatedEventSchema, type NatsNames } from '@act/contracts/server';
import {
  ensureDurableConsumer,
  PoisonMessageError,
  startDurableWorker,
  type DurableWorker,
  type Logger,
  type NatsConnection,
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
  await ensureDurableConsumer(await nc.jetstreamManager(), {
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
      let raw: unknown;
      try {
        raw = JSON.parse(new TextDecoder().decode(message.data));
      } catch (error) {
        throw new PoisonMessageError('user-created event is not JSON', { cause: error });
      }
      const parsed = UserCreatedEventSchema.safeParse(raw);
      if (!parsed.success)
        throw new PoisonMessageError(`invalid user-created event: ${parsed.error.issues[0]?.message}`);
      const created = await ensureAccount(
        options.store,
        parsed.data.userId,
        options.clock.now(),
        new Date(parsed.data.createdAt),
      );
      await options.store.recordMemberEmail(parsed.data.userId, parsed.data.email, options.clock.now());
      if (created) logger.info({ userId: parsed.data.userId }, 'account opened from identity event');
    },
  });
}
