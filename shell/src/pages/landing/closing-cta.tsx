// Closing call to action 'Start Creating Now' (docs/product-rules.md#screens), leading to sign-up.
import { ArrowRight } from 'lucide-react';
import { PUBLIC_DATA } from '../../app/public-data';
import { LinkButton } from '../../components/link-button';
import './closing-cta.css';

const L = PUBLIC_DATA.texts.landing;

export function ClosingCta() {
  return (
    <section className="sh-section" aria-labelledby="cta-title">
      <div className="sh-container">
        <div className="sh-cta">
          <h2 id="cta-title" className="sh-cta__title">
            {L.closingTitle}
          </h2>
          <p className="sh-cta__subtitle">{L.closingSubtitle}</p>
          <LinkButton to="/auth?signup=true" size="lg" variant="secondary" className="sh-cta__button">
            {L.startCreatingNow}
            <ArrowRight size={18} aria-hidden />
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
