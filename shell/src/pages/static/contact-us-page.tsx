// Contact page: support, billing and privacy addresses with response times.
import { CreditCard, LifeBuoy, ShieldCheck } from 'lucide-react';
import { LIMITS, PAGE_SEO, UI_TEXTS } from '@act/contracts';
import { CONTACT } from './company';
import { StaticPageLayout } from './static-page-layout';
import './contact-us-page.css';

const CHANNELS = [
  {
    icon: LifeBuoy,
    title: 'Help with a tool or your account',
    text: 'Questions about tools, credits, sign-in or results that did not turn out right.',
    email: CONTACT.support,
  },
  {
    icon: CreditCard,
    title: 'Billing and refunds',
    text: 'Subscriptions, invoices, plan changes and refund requests.',
    email: CONTACT.billing,
  },
  {
    icon: ShieldCheck,
    title: 'Privacy and data requests',
    text: 'Access, export or deletion of your personal data.',
    email: CONTACT.privacy,
  },
] as const;

export function ContactUsPage() {
  return (
    <StaticPageLayout
      title={UI_TEXTS.pages.contactUs}
      seo={PAGE_SEO.contactUs}
      path="/contact-us"
      intro={
        <p>
          We are a small team that reads every message. Write to the address that fits your question and we
          will respond within {LIMITS.refund.supportResponseHours} hours on business days.
        </p>
      }
    >
      <div className="sh-contact-grid">
        {CHANNELS.map(({ icon: Icon, title, text, email }) => (
          <section key={email} className="sh-contact-card">
            <span className="sh-contact-card__icon">
              <Icon size={22} aria-hidden />
            </span>
            <h2>{title}</h2>
            <p>{text}</p>
            <a href={`mailto:${email}`}>{email}</a>
          </section>
        ))}
      </div>
      <h2>Before you write</h2>
      <ul>
        <li>Send your message from the email address of your account so we can find it quickly.</li>
        <li>For a tool problem, include the tool name, what you tried and roughly when it happened.</li>
        <li>Never send your password: we will never ask for it.</li>
      </ul>
    </StaticPageLayout>
  );
}
