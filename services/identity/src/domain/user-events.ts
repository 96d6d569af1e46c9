// identity.user.created: recorded in the outbox inside the sign-up transaction, then published to JetStream with
// the user id as message id. The outbox means an account never exists without its event, even if NATS is down
// at that moment (the relay retries); the message id lets JetStream drop a duplicate publish.
import type { JetStreamClient } from 'nats';
import { UserCreatedEventSchema, type UserCreatedEvent } from '@act/contracts';
import { startPeriodicJob, type Db, type Logger, type PeriodicJob, type Sql } from '@act/service-kit';
import {
  claimPendingUserEvents,
  insertUserEvent,
  markUserEventFailed,
  markUserEventPublished,
} from '../db/outbox';

const PUBLISH_TIMEOUT_MS = 2_000;
const RELAY_INTERVAL_MS = 5_000;

export interface UserEvents {
  /** Call inside the transaction that creates the user. */
  record(tx: Db, user: { id: string; email: string; createdAt: Date }): Promise<void>;
  /** Publish what is pending now; resolves when done (failures stay pending for the relay). */
  publishPending(): Promise<void>;
  stop(): Promise<void>;
}

export function createUserEvents(options: {
  sql: Sql;
  js: JetStreamClient;
  subject: string;
  logger: Logger;
}): UserEvents {
  const { sql, js, subject, logger } = options;
  const relay: PeriodicJob = startPeriodicJob({
    name: 'user-events',
    intervalMs: RELAY_INTERVAL_MS,
    logger,
    run: () =>
      sql.begin(async (tx) => {
        for (const row of await claimPendingUserEvents(tx, 100)) {
          try {
            await js.publish(subject, JSON.stringify(row.payload), {
              msgID: row.user_id,
              timeout: PUBLISH_TIMEOUT_MS,
            });
            await markUserEventPublished(tx, row.user_id);
          } catch (error) {
            await markUserEventFailed(tx, row.user_id);
            logger.warn({ err: error, userId: row.user_id }, 'user.created not published yet; will retry');
            return;
          }
        }
      }),
  });

  return {
    async record(tx, user) {
      const event: UserCreatedEvent = UserCreatedEventSchema.parse({
        userId: user.id,
        email: user.email,
        createdAt: user.createdAt.toISOString(),
      });
      await insertUserEvent(tx, user.id, event);
    },
    publishPending: () => relay.runNow(),
    stop: () => relay.stop(),
  };
}
