// identity.user.created: recorded in the service kit's outbox inside the sign-up transaction, then published to
// JetStream with the user id as message id. The outbox means an account never exists without its event, even if
// NATS is down at that moment (the relay retries); the message id lets JetStream drop a duplicate publish.
import { UserCreatedEventSchema, type UserCreatedEvent } from '@act/contracts/server';
import type { Outbox } from '@act/service-kit';
import type { IdentityTransaction } from '../db/identity-store';

export interface UserEvents {
  /** Call inside the transaction that creates the user. */
  record(tx: IdentityTransaction, user: { id: string; email: string; createdAt: Date }): Promise<void>;
  /** Publish what is pending now; resolves when done (failures stay pending for the relay). */
  publishPending(): Promise<void>;
}

export function createUserEvents({ outbox, subject }: { outbox: Outbox; subject: string }): UserEvents {
  return {
    async record(tx, user) {
      const event: UserCreatedEvent = UserCreatedEventSchema.parse({
        userId: user.id,
        email: user.email,
        createdAt: user.createdAt.toISOString(),
      });
      await tx.addToOutbox(outbox, { subject, msgId: user.id, payload: event });
    },
    publishPending: () => outbox.publishPending(),
  };
}
