// The contact page in English: which address answers what, the response time, and what to put in a message.
import { LIMITS } from '@act/contracts';
import { ContactChannels, type ContactChannelTexts } from './contact-channels';

const CHANNELS: ContactChannelTexts = {
  support: {
    title: 'Help with a tool or your account',
    text: 'Questions about tools, credits, sign-in or results that did not turn out right.',
  },
  billing: {
    title: 'Billing and refunds',
    text: 'Subscriptions, invoices, plan changes and refund requests.',
  },
  privacy: {
    title: 'Privacy and data requests',
    text: 'Access, export or deletion of your personal data.',
  },
};

export function ContactUsIntroEn() {
  return (
    <p>
      We are a small team that reads every message. Write to the address that fits your question and we will
      respond within {LIMITS.refund.supportResponseHours} hours on business days.
    </p>
  );
}

export function ContactUsSectionsEn() {
  return (
    <>
      <ContactChannels texts={CHANNELS} />
      <h2>Before you write</h2>
      <ul>
        <li>Send your message from the email address of your account so we can find it quickly.</li>
        <li>For a tool problem, include the tool name, what you tried and roughly when it happened.</li>
        <li>Never send your password: we will never ask for it.</li>
      </ul>
    </>
  );
}
