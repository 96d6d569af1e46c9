// Usage-notice e-mails (docs/charges.md#spend-cap-and-usage-notices): credits publishes `credits.notice.raised` when a
// member's spending crosses 80 % or 100 % of the month's allowance (once per member, threshold and period); identity,
// which owns the only mail path, reads them with a durable consumer and queues one e-mail per notice in its
// email_outbox, keyed by the notice so a redelivered event queues nothing twice. Without SMTP configured the events
// are acknowledged and nothing is queued (the in-app notice is the member's only channel then).
import { ACCOUNT_PATH } from '@act/contracts';
import { NoticeRaisedEventSchema, type NatsNames } from '@act/contracts/server';
import {
  type DurableWorker,
  ensureDurableConsumer,
  ensureStream,
  JetStreamApiCodes,
  jetStreamApiCode,
  jetstreamManager,
  type Logger,
  type NatsConnection,
  parseEvent,
  startDurableWorker,
} from '@act/service-kit';
import type { IdentityStore } from '../db/identity-store';
import type { MailQueue } from './mail';
import { mailTexts } from './mail-texts';

/** Deliveries before an event that keeps failing (database down for long) goes to the dead-letter subject. */
const MAX_DELIVER = 20;

export interface NoticeEmailOptions {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
  store: IdentityStore;
  mail: MailQueue;
  publicUrl: string;
  replicas: number;
}

/** The subject and body of the e-mail for one notice, in the member's language. */
export function noticeEmail(
  notice: { threshold: 80 | 100; spent: number; allowance: number },
  publicUrl: string,
  locale?: string | null,
): { subject: string; text: string } {
  const accountUrl = `${publicUrl.replace(/\/+$/, '')}${ACCOUNT_PATH}`;
  return mailTexts(locale).usageNotice({ ...notice, accountUrl });
}

export async function startNoticeEmails(options: NoticeEmailOptions): Promise<DurableWorker> {
  const { nc, names, logger, store, mail } = options;
  const jsm = await jetstreamManager(nc);
  // NOTICES is credits' stream: create it only when identity starts first, never rewrite the owner's settings.
  try {
    await jsm.streams.info(names.noticesStream);
  } catch (error) {
    if (jetStreamApiCode(error) !== JetStreamApiCodes.StreamNotFound) throw error;
    await ensureStream(jsm, {
      name: names.noticesStream,
      subjects: names.noticesStreamSubjects,
      duplicateWindowMs: 10 * 60 * 1000,
      replicas: options.replicas,
    });
  }
  await ensureDurableConsumer(jsm, {
    stream: names.noticesStream,
    name: names.noticeConsumer,
    filterSubject: names.noticeRaised,
    maxDeliver: MAX_DELIVER,
    ackWaitMs: 30_000,
  });
  if (!mail.delivers) logger.info('SMTP_URL not set: usage notices are not e-mailed');
  return startDurableWorker({
    nc,
    logger,
    stream: names.noticesStream,
    consumer: names.noticeConsumer,
    maxDeliver: MAX_DELIVER,
    deadLetterSubject: names.noticeDeadLetter,
    async handle(message) {
      const notice = parseEvent(message, NoticeRaisedEventSchema, 'notice event');
      if (!mail.delivers) return;
      const user = await store.findUserById(notice.userId);
      if (!user) {
        logger.warn(
          { userId: notice.userId, noticeId: notice.noticeId },
          'notice for an unknown user: no e-mail',
        );
        return;
      }
      const queued = await mail.enqueue(store, {
        to: user.email,
        ...noticeEmail(notice, options.publicUrl, user.locale),
        purpose: 'usage_notice',
        dedupeKey: `notice:${notice.noticeId}`,
      });
      if (queued)
        logger.info({ userId: notice.userId, threshold: notice.threshold }, 'usage notice e-mail queued');
    },
  });
}
