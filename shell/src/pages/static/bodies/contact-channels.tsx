// The contact page's three cards (support, billing, privacy): each language words them, the icons and addresses
// are the same in all.
import { CreditCard, LifeBuoy, ShieldCheck, type LucideIcon } from 'lucide-react';
import { CONTACT } from '../company';
import '../contact-us-page.css';

export type ContactChannelTexts = Readonly<Record<keyof typeof CONTACT, { title: string; text: string }>>;

const ICONS: Readonly<Record<keyof typeof CONTACT, LucideIcon>> = {
  support: LifeBuoy,
  billing: CreditCard,
  privacy: ShieldCheck,
};

const ORDER = ['support', 'billing', 'privacy'] as const;

export function ContactChannels({ texts }: { texts: ContactChannelTexts }) {
  return (
    <div className="sh-contact-grid">
      {ORDER.map((channel) => {
        const Icon = ICONS[channel];
        const email = CONTACT[channel];
        return (
          <section key={channel} className="sh-contact-card">
            <span className="sh-contact-card__icon">
              <Icon size={22} aria-hidden />
            </span>
            <h2>{texts[channel].title}</h2>
            <p>{texts[channel].text}</p>
            <a href={`mailto:${email}`}>{email}</a>
          </section>
        );
      })}
    </div>
  );
}
