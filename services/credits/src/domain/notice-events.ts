// credits.notice.raised (docs/charges.md#spend-cap-and-usage-notices): recorded in the service kit's outbox inside the
// transaction that raises the notice, then published to the NOTICES stream with the notice id as message id. So an
// event exists exactly when its notice does (even if NATS is down then: the relay retries), and JetStream drops a
// repeated publish; identity turns each one into an e-mail when mail is configured.
import { NoticeRaisedEventSchema, type NoticeRaisedEvent } from '@act/contracts/server';
import type { Outbox } from '@act/service-kit';
import type { RaisedNotice } from '../db/credit-controls';
import type { CreditsTransaction } from '../db/credits-store';

export interface NoticeEvents {
  /** The subject its events are published on (the commit batch writes their outbox rows in its own statement). */
  readonly subject: string;
  /** Call inside the transaction that raised the notices. */
  record(tx: CreditsTransaction, notices: readonly RaisedNotice[]): Promise<void>;
  /** Publish soon (call once that transaction has committed). */
  trigger(): void;
  /** Publish what is pending now; resolves when done (failures stay pending for the relay). */
  publishPending(): Promise<void>;
}

export function createNoticeEvents({ outbox, subject }: { outbox: Outbox; subject: string }): NoticeEvents {
  return {
    subject,
    async record(tx, notices) {
      for (const notice of notices) {
        const event: NoticeRaisedEvent = NoticeRaisedEventSchema.parse({
          noticeId: notice.id,
          userId: notice.user_id,
          threshold: notice.threshold,
          periodStart: notice.period_start.toISOString(),
          allowance: notice.allowance,
          spent: notice.spent,
        });
        await tx.addToOutbox(outbox, { subject, msgId: `notice:${notice.id}`, payload: event });
      }
    },
    trigger: () => outbox.trigger(),
    publishPending: () => outbox.publishPending(),
  };
}
