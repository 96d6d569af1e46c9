// Hero (docs/product-rules.md#product, #screens): 'Your AI Creative Toolbox', 'Get Started Free', 10,000+ creators,
// 50 free credits, no card (the last two are in the subtitle).
import { ArrowRight, Users } from 'lucide-react';
import { ToolIcon } from '@act/host-sdk/tool-icon';
import { PUBLIC_DATA } from '../../app/public-data';
import { LinkButton } from '../../components/link-button';
import './hero-section.css';

const L = PUBLIC_DATA.texts.landing;

export function HeroSection() {
  return (
    <section className="sh-hero" aria-labelledby="hero-title">
      <div className="sh-container sh-hero__inner">
        <p className="sh-hero__eyebrow">
          <Users size={16} aria-hidden />
          {L.trustedBy}
        </p>
        <h1 id="hero-title" className="sh-hero__title">
          {L.heroTitle}
        </h1>
        <p className="sh-hero__subtitle">{L.heroSubtitle}</p>
        <div className="sh-hero__actions">
          <LinkButton to="/auth?signup=true" variant="gradient" size="lg">
            {L.getStartedFree}
            <ArrowRight size={18} aria-hidden />
          </LinkButton>
        </div>
        <ul className="sh-hero__categories" aria-label={L.nav.toolCategories}>
          {PUBLIC_DATA.categories.map(({ id, name, tools }) => (
            <li key={id} className="sh-hero__category">
              {tools[0] && <ToolIcon icon={tools[0].icon} size={18} />}
              {name}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
