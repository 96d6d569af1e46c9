// Email delivery through an SMTP server (nodemailer), used when SMTP_URL is set, e.g. smtps://user:pass@host:465.
import nodemailer from 'nodemailer';
import type { MailTransport } from '../domain/mail';

export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.url);
  return {
    async send({ to, subject, text }) {
      await transporter.sendMail({ from: options.from, to, subject, text });
    },
    async close() {
      transporter.close();
    },
  };
}
