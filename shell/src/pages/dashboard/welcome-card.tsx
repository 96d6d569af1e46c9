// Welcome card (docs/product-rules.md#screens): the member's email and 'Member since' date.
import { UI_TEXTS } from '@act/contracts';
import { formatDate } from '../../components/format';
import './welcome-card.css';

export function WelcomeCard({ email, createdAt }: { email: string; createdAt: string }) {
  return (
    <section className="sh-welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title" className="sh-welcome__title">
        {UI_TEXTS.dashboard.welcome}, <span className="sh-welcome__email">{email}</span>
      </h1>
      <p className="sh-welcome__since">
        {UI_TEXTS.dashboard.memberSince} {formatDate(createdAt)}
      </p>
    </section>
  );
}
