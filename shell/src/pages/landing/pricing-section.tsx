// Pricing (docs/product-rules.md#screens, #costs-and-limits) with the monthly/yearly toggle; every plan's button
// leads to sign-up.
import { useState } from 'react';
import type { BillingCycle } from '@act/contracts';
import { PUBLIC_DATA } from '../../app/public-data';
import { BillingCycleToggle } from '../../components/billing-cycle-toggle';
import { LinkButton } from '../../components/link-button';
import { PlanCard } from '../../components/plan-card';
import '../../components/pricing.css';

const L = PUBLIC_DATA.texts.landing;
const P = PUBLIC_DATA.texts.pricing;

export function PricingSection() {
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  return (
    <section id="pricing" className="sh-section sh-section--tinted" aria-labelledby="pricing-title">
      <div className="sh-container">
        <header className="sh-section__header">
          <h2 id="pricing-title" className="sh-section__title">
            {L.pricingTitle}
          </h2>
          <p className="sh-section__subtitle">{L.pricingSubtitle}</p>
          <BillingCycleToggle value={cycle} onChange={setCycle} />
        </header>
        <div className="sh-plan-grid">
          {PUBLIC_DATA.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              action={
                <LinkButton
                  to="/auth?signup=true"
                  block
                  variant={plan.popular ? 'gradient' : 'outline'}
                  aria-label={`${P.getStarted} with ${plan.name}`}
                >
                  {P.getStarted}
                </LinkButton>
              }
            />
          ))}
        </div>
      </div>
    </section>
  );
}
