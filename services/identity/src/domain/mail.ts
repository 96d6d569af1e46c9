// Outgoing email. Every message is written to the email_outbox table first; with SMTP configured a worker delivers
// it (and blanks the stored body, which holds a live link), without SMTP it stays there for local reading.
// Requests never wait on SMTP, so a slow mail server cannot reveal through timing which addresses have accounts.
import { randomUUID } from 'node:crypto';
import { startPeriodicJob, type Logger } from '@act/service-kit';
import type { IdentityQueries, IdentityStore } from '../db/identity-store';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the email is for (recovery, email_change, usage_notice); kept for operators, never the link itself. */
  purpose: string;
  /** Queued at most once per key (the event it answers, e.g. 'notice:<id>'). */
  dedupeKey?: string;
}

/** Delivers one message (SMTP in production; see providers/smtp-transport). */
export interface MailTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): Promise<void>;
}

export interface MailQueue {
  /** True when SMTP is configured: messages are delivered, not only kept in the table. */
  readonly delivers: boolean;
  /**
   * Writes the message with the caller's store, so inside a transaction it commits with the rest. False when its
   * dedupe key was queued before (nothing written).
   */
  enqueue(db: IdentityQueries, email: OutgoingEmail): Promise<boolean>;
  /** Deliver what is pending now (no-op without a transport). */
  deliverPending(): Promise<void>;
  stop(): Promise<void>;
}

const DELIVERY_INTERVAL_MS = 10_000;

export function createMailQueue(options: {
  store: IdentityStore;
  logger: Logger;
  transport?: MailTransport;
}): MailQueue {
  const { store, logger, transport } = options;
  const delivery = transport
    ? startPeriodicJob({
        name: 'email-delivery',
        intervalMs: DELIVERY_INTERVAL_MS,
        logger,
        run: () =>
          store.transaction(async (tx) => {
            for (const email of await tx.claimPendingEmails(20)) {
              try {
                await transport.send({ to: email.recipient, subject: email.subject, text: email.body ?? '' });
                await tx.markEmailSent(email.id);
                logger.info({ emailId: email.id, purpose: email.purpose }, 'email sent');
              } catch (error) {
                await tx.markEmailFailed(email.id, error instanceof Error ? error.message : String(error));
                logger.warn({ err: error, emailId: email.id }, 'email not sent yet; will retry');
              }
            }
          }),
      })
    : undefined;

  return {
    delivers: delivery !== undefined,
    async enqueue(db, email) {
      const id = randomUUID();
      const queued = await db.insertEmail({
        id,
        recipient: email.to,
        subject: email.subject,
        body: email.text,
        purpose: email.purpose,
        ...(email.dedupeKey ? { dedupeKey: email.dedupeKey } : {}),
      });
      if (!queued) return false;
      if (delivery) {
        delivery.trigger();
      } else {
        logger.info(
          { emailId: id, purpose: email.purpose },
          'SMTP_URL not set: email kept in the email_outbox table',
        );
      }
      return true;
    },
    deliverPending: async () => delivery?.runNow(),
    stop: async () => delivery?.stop(),
  };
}
