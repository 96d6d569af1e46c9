// Features (docs/product-rules.md#screens): one card per category listing its tools, then Lightning Fast, Creator
// Friendly, Secure & Private.
import { Heart, ShieldCheck, Zap } from 'lucide-react';
import { ToolIcon } from '@act/host-sdk/tool-icon';
import { PUBLIC_DATA } from '../../app/public-data';
import './features-section.css';

const L = PUBLIC_DATA.texts.landing;
const VALUE_ICONS = { fast: Zap, creators: Heart, secure: ShieldCheck } as const;

export function FeaturesSection() {
  return (
    <section id="features" className="sh-section" aria-labelledby="features-title">
      <div className="sh-container">
        <header className="sh-section__header">
          <h2 id="features-title" className="sh-section__title">
            {L.featuresTitle}
          </h2>
          <p className="sh-section__subtitle">{L.featuresSubtitle}</p>
        </header>
        <div className="sh-feature-grid">
          {PUBLIC_DATA.categories.map(({ id, name, tools }) => (
            <article key={id} className="sh-feature-card">
              <div className="sh-feature-card__head">
                <span className="sh-feature-card__icon">
                  {tools[0] && <ToolIcon icon={tools[0].icon} size={20} />}
                </span>
                <h3 className="sh-feature-card__title">{name}</h3>
              </div>
              <ul className="sh-feature-card__tools">
                {tools.map((tool) => (
                  <li key={tool.id}>
                    <span>{tool.name}</span>
                    <span className="sh-feature-card__cost">{tool.costLabel}</span>
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
        <div className="sh-value-grid">
          {L.valuePoints.map((point) => {
            const Icon = VALUE_ICONS[point.id];
            return (
              <article key={point.id} className="sh-value">
                <span className="sh-value__icon">
                  <Icon size={22} aria-hidden />
                </span>
                <h3 className="sh-value__title">{point.title}</h3>
                <p className="sh-value__text">{point.description}</p>
              </article>
            );
          })}
        </div>
      </div>
    </section>
  );
}
