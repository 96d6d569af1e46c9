// Monthly / Yearly switch of the pricing section and the subscription tab ('Save 1 month' on yearly,
// docs/product-rules.md#costs-and-limits). Radix ToggleGroup with the host-sdk segmented-control classes, bundled
// here so the landing page needs no host-sdk.
import { ToggleGroup } from 'radix-ui';
import type { BillingCycle } from '@act/contracts';
import { PUBLIC_DATA } from '../app/public-data';
import './billing-cycle-toggle.css';

const P = PUBLIC_DATA.texts.pricing;

export function BillingCycleToggle({
  value,
  onChange,
}: {
  value: BillingCycle;
  onChange(cycle: BillingCycle): void;
}) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label={P.billingCycle}
      className="act-segmented sh-cycle-toggle"
      value={value}
      // Radix sends '' when the pressed item is clicked again; the toggle always keeps one cycle.
      onValueChange={(next) => {
        if (next === 'monthly' || next === 'yearly') onChange(next);
      }}
    >
      <ToggleGroup.Item value="monthly" className="act-segmented__item">
        {P.monthly}
      </ToggleGroup.Item>
      <ToggleGroup.Item value="yearly" className="act-segmented__item">
        {P.yearly}
        <span className="sh-cycle-toggle__save">{P.saveOneMonth}</span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
