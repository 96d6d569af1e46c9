// Welcome card (docs/product-rules.md#screens): the member's email, 'Member since' date and the way to the Library.
import { Link } from 'react-router';
import { LIBRARY_PATH, LIBRARY_TEXTS, UI_TEXTS } from '@act/contracts';
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
      <p className="sh-welcome__library">
        <Link to={LIBRARY_PATH}>{LIBRARY_TEXTS.dashboardLink}</Link>
      </p>
    </section>
  );
}
