// identity.user.created and identity.user.deleted: recorded in the service kit's outbox inside the transaction that
// creates (or deletes) the user, then published to JetStream with a message id (`<userId>`, `deleted:<userId>`). The
// outbox means an account never exists, or ends, without its event, even if NATS is down at that moment (the relay
// retries); the message id lets JetStream drop a duplicate publish.
import {
  UserCreatedEventSchema,
  UserDeletedEventSchema,
  type UserCreatedEvent,
  type NatsNames,
  type UserDeletedEvent,
} from '@act/contracts/server';
import type { Outbox } from '@act/service-kit';
import type { IdentityTransaction } from '../db/identity-store';

export interface UserEvents {
  /** Call inside the transaction that creates the user. */
  record(tx: IdentityTransaction, user: { id: string; email: string; createdAt: Date }): Promise<void>;
  /** Call inside the transaction that marks the user deleted: every service deletes the member's data. */
  recordDeleted(tx: IdentityTransaction, user: { id: string; deletedAt: Date }): Promise<void>;
  /** Publish what is pending now; resolves when done (failures stay pending for the relay). */
  publishPending(): Promise<void>;
}

export function createUserEvents({
  outbox,
  names,
}: {
  outbox: Outbox;
  names: Pick<NatsNames, 'userCreated' | 'userDeleted'>;
}): UserEvents {
  const { userCreated: subject, userDeleted: deletedSubject } = names;
  return {
    async record(tx, user) {
      const event: UserCreatedEvent = UserCreatedEventSchema.parse({
        userId: user.id,
        email: user.email,
        createdAt: user.createdAt.toISOString(),
      });
      await tx.addToOutbox(outbox, { subject, msgId: user.id, payload: event });
    },
    async recordDeleted(tx, user) {
      const event: UserDeletedEvent = UserDeletedEventSchema.parse({
        userId: user.id,
        deletedAt: user.deletedAt.toISOString(),
      });
      await tx.addToOutbox(outbox, { subject: deletedSubject, msgId: `deleted:${user.id}`, payload: event });
    },
    publishPending: () => outbox.publishPending(),
  };
}
