// A single-thumb slider on radix (before/after comparison 0–100, default 50; zoom).
import { Slider as SliderPrimitive } from 'radix-ui';

export interface SliderProps {
  /** Accessible name of the thumb. */
  label: string;
  value: number;
  onValueChange(value: number): void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  className?: string;
}

export function Slider({
  label,
  value,
  onValueChange,
  min = 0,
  max = 100,
  step = 1,
  disabled,
  className,
}: SliderProps) {
  return (
    <SliderPrimitive.Root
      className={['act-slider', className].filter(Boolean).join(' ')}
      value={[value]}
      onValueChange={(values) => onValueChange(values[0] ?? min)}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
    >
      <SliderPrimitive.Track className="act-slider__track">
        <SliderPrimitive.Range className="act-slider__range" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb className="act-slider__thumb" aria-label={label} />
    </SliderPrimitive.Root>
  );
}
