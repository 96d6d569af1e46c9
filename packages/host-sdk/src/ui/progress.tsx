// A determinate progress bar on radix (text-to-image progress, long audio work).
import { Progress as ProgressPrimitive } from 'radix-ui';

export interface ProgressProps {
  /** 0–100. */
  value: number;
  label: string;
  className?: string;
}

export function Progress({ value, label, className }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root
      className={['act-progress', className].filter(Boolean).join(' ')}
      value={clamped}
      max={100}
      aria-label={label}
    >
      <ProgressPrimitive.Indicator
        className="act-progress__indicator"
        style={{ transform: `translateX(-${100 - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
