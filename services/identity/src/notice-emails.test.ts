// Credits' usage notices reach the member by e-mail: identity consumes `credits.notice.raised` from the NOTICES stream
// and queues one e-mail per notice (a redelivered event queues nothing twice), delivered over SMTP; without SMTP the
// events are acknowledged and nothing is queued.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, CREDIT_CONTROLS_TEXTS } from '@act/contracts';
import { natsNames, type NoticeRaisedEvent } from '@act/contracts/server';
import { waitUntil } from '@act/service-kit/testing';
import { listEmailsFor } from './db/outbox';
import { createBrowser } from './test-support/browser';
import { startIdentity, type IdentityUnderTest } from './test-support/harness';
import { startSmtpServer, type TestSmtpServer } from './test-support/smtp-server';
import { jetstream, jetstreamManager } from '@act/service-kit';

let smtp: TestSmtpServer;
let withMail: IdentityUnderTest;
let withoutMail: IdentityUnderTest;

beforeAll(async () => {
  smtp = await startSmtpServer();
  withMail = await startIdentity({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Toolbox <no-reply@toolbox.test>',
      PUBLIC_URL: 'https://toolbox.test',
    },
  });
  withoutMail = await startIdentity();
});

afterAll(async () => {
  await withMail?.close();
  await withoutMail?.close();
  await smtp?.close();
});

async function signUp(identity: IdentityUnderTest): Promise<{ userId: string; email: string }> {
  const email = `notice-${randomUUID().slice(0, 8)}@example.com`;
  const reply = await createBrowser(identity.url).postJson<{ session: { user: { id: string } } }>(
    API_ROUTES.identity.signup,
    { email, password: 'notice-password' },
  );
  expect(reply.status).toBe(200);
  return { userId: reply.body.session.user.id, email };
}

let noticeIds = 0;
function noticeFor(userId: string, threshold: 80 | 100, spent: number): NoticeRaisedEvent {
  noticeIds += 1;
  return {
    noticeId: String(noticeIds),
    userId,
    threshold,
    periodStart: '2026-11-01T00:00:00.000Z',
    allowance: 500,
    spent,
  };
}

/** Publishes as credits does; `times` > 1 delivers the same event again (a redelivery JetStream did not drop). */
async function publish(identity: IdentityUnderTest, event: NoticeRaisedEvent, times = 1): Promise<number> {
  const names = natsNames(identity.namespace);
  const js = jetstream(identity.runtime.deps.nc);
  let seq = 0;
  for (let i = 0; i < times; i += 1) {
    seq = (
      await js.publish(names.noticeRaised, JSON.stringify(event), { msgID: `notice:${event.noticeId}:${i}` })
    ).seq;
  }
  return seq;
}

/** Waits until identity has acknowledged everything up to `seq` on the NOTICES stream. */
async function settled(identity: IdentityUnderTest, seq: number): Promise<void> {
  const names = natsNames(identity.namespace);
  const jsm = await jetstreamManager(identity.runtime.deps.nc);
  await waitUntil(
    async () => (await jsm.consumers.info(names.noticesStream, names.noticeConsumer)).ack_floor.stream_seq,
    (acked) => acked >= seq,
    { what: 'notice events acknowledged' },
  );
}

async function deadLetters(identity: IdentityUnderTest): Promise<number> {
  const names = natsNames(identity.namespace);
  const jsm = await jetstreamManager(identity.runtime.deps.nc);
  const info = await jsm.streams.info(names.noticesStream, { subjects_filter: names.noticeDeadLetter });
  return info.state.subjects?.[names.noticeDeadLetter] ?? 0;
}

describe('usage-notice e-mails with SMTP configured', () => {
  it('queues one e-mail per notice, even when the event is delivered twice, and sends it', async () => {
    const member = await signUp(withMail);
    await settled(withMail, await publish(withMail, noticeFor(member.userId, 80, 400), 2));
    const afterEighty = await listEmailsFor(withMail.sql, member.email);
    expect(afterEighty.filter((email) => email.purpose === 'usage_notice')).toHaveLength(1);
    expect(afterEighty[0]).toMatchObject({
      purpose: 'usage_notice',
      subject: CREDIT_CONTROLS_TEXTS.noticeEmail.subject[80],
    });
    // Sent at once (the stored copy's body is blanked then): the member reads the figures and the account link.
    await withMail.runtime.deps.mail.deliverPending();
    const [eighty, ...more] = smtp.messages.filter((message) => message.to.includes(member.email));
    expect(more).toEqual([]);
    const text = eighty!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(text).toContain('Spent this month: 400 of 500 credits.');
    expect(text).toContain('https://toolbox.test/dashboard?view=account');
    expect(text).toContain('set a monthly spending cap');
    expect(text).toContain('buy a credit pack');

    await settled(withMail, await publish(withMail, noticeFor(member.userId, 100, 500), 2));
    const afterHundred = (await listEmailsFor(withMail.sql, member.email)).filter(
      (email) => email.purpose === 'usage_notice',
    );
    expect(afterHundred.map((email) => email.subject)).toEqual([
      CREDIT_CONTROLS_TEXTS.noticeEmail.subject[100],
      CREDIT_CONTROLS_TEXTS.noticeEmail.subject[80],
    ]);

    await withMail.runtime.deps.mail.deliverPending();
    const sent = smtp.messages.filter((message) => message.to.includes(member.email));
    expect(sent).toHaveLength(2);
    const hundred = sent.find((message) => message !== eighty)!.data.replace(/=\r\n/g, '');
    expect(hundred).toContain('You have used all of this month');
    expect(hundred).toContain('Spent this month: 500 of 500 credits.');
    expect(await deadLetters(withMail)).toBe(0);
  });
});

describe('usage-notice e-mails without SMTP', () => {
  it('acknowledges the events and queues nothing', async () => {
    const member = await signUp(withoutMail);
    await publish(withoutMail, noticeFor(member.userId, 80, 400));
    await settled(withoutMail, await publish(withoutMail, noticeFor(member.userId, 100, 500), 2));
    const emails = await listEmailsFor(withoutMail.sql, member.email);
    expect(emails.filter((email) => email.purpose === 'usage_notice')).toEqual([]);
    expect(await deadLetters(withoutMail)).toBe(0);
  });
});
