// The subscription plan card button (docs/product-rules.md#screens): Upgrade for a higher rank, Downgrade for a lower
// one, a disabled Current Plan for the same plan; a member whose plan matches none may select any.
import { UI_TEXTS, planAction, type PlanAction, type PlanId } from '@act/contracts';

export interface PlanButton {
  action: PlanAction;
  label: string;
  disabled: boolean;
}

const LABELS: Record<PlanAction, string> = {
  upgrade: UI_TEXTS.account.upgrade,
  downgrade: UI_TEXTS.account.downgrade,
  current: UI_TEXTS.account.currentPlan,
  select: UI_TEXTS.account.selectPlan,
};

export function planButton(currentPlanId: string | null | undefined, targetPlanId: PlanId): PlanButton {
  const action = planAction(currentPlanId, targetPlanId);
  return { action, label: LABELS[action], disabled: action === 'current' };
}
