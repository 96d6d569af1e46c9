// The plans' monthly credits as the terms state them ('Free 50, Pro 500, …'): plan names stay as they are in every
// language, the numbers are formatted in the page's language.
import { PLANS, formatNumber } from '@act/contracts';

export function planAllowances(): string {
  return PLANS.map((plan) => `${plan.name} ${formatNumber(plan.monthlyCredits)}`).join(', ');
}
