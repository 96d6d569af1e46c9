// Queries on the email outbox (user.created events use the service kit's jetstream_outbox).
import type { Db } from '@act/service-kit';

export interface EmailRow {
  id: string;
  recipient: string;
  subject: string;
  body: string | null;
  purpose: string;
  created_at: Date;
  sent_at: Date | null;
}

/** Queues the email; false when one with the same dedupe key was queued before (nothing is written then). */
export async function insertEmail(
  sql: Db,
  email: {
    id: string;
    recipient: string;
    subject: string;
    body: string;
    purpose: string;
    dedupeKey?: string;
  },
): Promise<boolean> {
  const rows = await sql`
    insert into email_outbox (id, recipient, subject, body, purpose, dedupe_key)
    values (${email.id}, ${email.recipient}, ${email.subject}, ${email.body}, ${email.purpose},
      ${email.dedupeKey ?? null})
    on conflict (dedupe_key) do nothing
    returning id`;
  return rows.length > 0;
}

export async function claimPendingEmails(sql: Db, limit: number): Promise<EmailRow[]> {
  return sql<EmailRow[]>`
    select id, recipient, subject, body, purpose, created_at, sent_at from email_outbox
    where sent_at is null and body is not null and attempts < 10
    order by created_at
    limit ${limit}
    for update skip locked`;
}

/** Sent: the body held a live link, so it is not kept once the message has left. */
export async function markEmailSent(sql: Db, id: string): Promise<void> {
  await sql`update email_outbox set sent_at = now(), body = null, attempts = attempts + 1 where id = ${id}`;
}

export async function markEmailFailed(sql: Db, id: string, reason: string): Promise<void> {
  await sql`update email_outbox set attempts = attempts + 1, last_error = ${reason.slice(0, 500)} where id = ${id}`;
}

/** Emails kept for a recipient, newest first (local development and tests read links from here). */
export async function listEmailsFor(sql: Db, recipient: string): Promise<EmailRow[]> {
  return sql<EmailRow[]>`
    select id, recipient, subject, body, purpose, created_at, sent_at from email_outbox
    where recipient = ${recipient} order by created_at desc`;
}
