// One plan with its price for the chosen cycle, 'Save $X per year' on yearly, credits, features, 'Most Popular',
// and the action the caller supplies (sign-up on the landing page, Upgrade/Downgrade in the account view).
import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { BillingCycle } from '@act/contracts';
import type { PublicPlan } from '../app/build-public-data';
import { PUBLIC_DATA } from '../app/public-data';
import './plan-card.css';

const P = PUBLIC_DATA.texts.pricing;

export interface PlanCardProps {
  plan: PublicPlan;
  cycle: BillingCycle;
  action: ReactNode;
  /** Highlights the member's own plan. */
  current?: boolean;
}

export function PlanCard({ plan, cycle, action, current }: PlanCardProps) {
  const price = cycle === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice;
  const saving = cycle === 'yearly' ? plan.yearlySavingLabel : null;
  return (
    <article
      className="sh-plan-card"
      data-popular={plan.popular || undefined}
      data-current={current || undefined}
      aria-labelledby={`plan-${plan.id}-name`}
    >
      {plan.popular && (
        <span className="act-badge act-badge--brand sh-plan-card__popular">{P.mostPopular}</span>
      )}
      <h3 id={`plan-${plan.id}-name`} className="sh-plan-card__name">
        {plan.name}
      </h3>
      <p className="sh-plan-card__price" data-testid={`price-${plan.id}`}>
        <span className="sh-plan-card__amount">${price.toLocaleString(PUBLIC_DATA.intlLocale)}</span>
        <span className="sh-plan-card__period">{cycle === 'monthly' ? P.perMonth : P.perYear}</span>
      </p>
      <p className="sh-plan-card__saving" aria-hidden={!saving || undefined}>
        {saving ?? '\u00a0'}
      </p>
      <p className="sh-plan-card__credits">{plan.creditsLabel}</p>
      <ul className="sh-plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Check size={16} aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="sh-plan-card__action">{action}</div>
    </article>
  );
}
