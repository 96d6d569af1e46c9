// A two-or-more option switch on radix ToggleGroup (the Monthly/Yearly pricing toggle).
import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';

export interface SegmentedOption<Value extends string> {
  value: Value;
  label: ReactNode;
}

export interface SegmentedControlProps<Value extends string> {
  /** Accessible name of the group. */
  label: string;
  value: Value;
  onValueChange(value: Value): void;
  options: readonly SegmentedOption<Value>[];
  className?: string;
}

export function SegmentedControl<Value extends string>({
  label,
  value,
  onValueChange,
  options,
  className,
}: SegmentedControlProps<Value>) {
  return (
    <ToggleGroup.Root
      type="single"
      aria-label={label}
      className={['act-segmented', className].filter(Boolean).join(' ')}
      value={value}
      // Radix sends '' when the pressed item is clicked again; a pricing toggle always keeps one choice.
      onValueChange={(next) => {
        if (next) onValueChange(next as Value);
      }}
    >
      {options.map((option) => (
        <ToggleGroup.Item key={option.value} value={option.value} className="act-segmented__item">
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
