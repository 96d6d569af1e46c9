// The member's plan as a coloured badge (docs/product-rules.md#roles: plans differ in badge colour).
import { Badge } from '@act/host-sdk';
import { getPlan } from '@act/contracts';

export function PlanBadge({ planId }: { planId: string }) {
  const plan = getPlan(planId);
  return (
    <Badge tone={plan?.badgeColor ?? 'gray'} className="sh-plan-badge">
      {plan?.name ?? planId}
    </Badge>
  );
}
