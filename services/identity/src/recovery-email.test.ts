// With SMTP_URL set, recovery emails leave through SMTP (nodemailer) and the stored copy loses its live link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@act/contracts';
import { listEmailsFor } from './db/outbox';
import { createBrowser } from './test-support/browser';
import { startIdentity, type IdentityUnderTest } from './test-support/harness';
import { startSmtpServer, type TestSmtpServer } from './test-support/smtp-server';

const R = API_ROUTES.identity;
let smtp: TestSmtpServer;
let identity: IdentityUnderTest;

beforeAll(async () => {
  smtp = await startSmtpServer();
  identity = await startIdentity({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Toolbox <no-reply@toolbox.test>',
      PUBLIC_URL: 'https://toolbox.test',
    },
  });
});

afterAll(async () => {
  await identity?.close();
  await smtp?.close();
});

describe('recovery email over SMTP', () => {
  it('delivers the reset link and keeps no copy of it once sent', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const browser = createBrowser(identity.url);
    expect((await browser.postJson(R.signup, { email, password: 'smtp-password' })).status).toBe(200);
    expect((await browser.postJson(R.recover, { email })).status).toBe(200);
    await identity.runtime.deps.mail.deliverPending();

    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message).toMatchObject({ from: 'no-reply@toolbox.test', to: [email] });
    expect(message!.data).toContain('Subject: Reset your password');
    const link = /https:\/\/toolbox\.test\/auth#type=recovery&token=[A-Za-z0-9_-]+/.exec(
      message!.data.replace(/=\r\n/g, '').replace(/=3D/g, '='),
    );
    expect(link).not.toBeNull();

    const [stored] = await listEmailsFor(identity.sql, email);
    expect(stored).toMatchObject({ purpose: 'recovery', body: null });
    expect(stored!.sent_at).toBeInstanceOf(Date);

    const token = new URLSearchParams(new URL(link![0]).hash.slice(1)).get('token');
    const verified = await browser.postJson(R.verify, {
      type: 'recovery',
      token,
      password: 'smtp-password-2',
    });
    expect(verified.status).toBe(200);
  });
});
