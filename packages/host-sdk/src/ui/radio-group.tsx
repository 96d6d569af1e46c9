// A labelled radio group on radix (e.g. the describe-image analysis task: choose one).
import { RadioGroup as RadioPrimitive } from 'radix-ui';
import { useId, type ReactNode } from 'react';

export interface RadioOption<Value extends string> {
  value: Value;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<Value extends string> {
  label: ReactNode;
  value: Value | undefined;
  onValueChange(value: Value): void;
  options: readonly RadioOption<Value>[];
  disabled?: boolean;
  /** 'grid' lays options out in two columns on wide screens. */
  layout?: 'list' | 'grid';
  name?: string;
}

export function RadioGroup<Value extends string>({
  label,
  value,
  onValueChange,
  options,
  disabled,
  layout = 'list',
  name,
}: RadioGroupProps<Value>) {
  const labelId = useId();
  return (
    <div className="act-field">
      <span id={labelId} className="act-label">
        {label}
      </span>
      <RadioPrimitive.Root
        className={`act-radio-group act-radio-group--${layout}`}
        aria-labelledby={labelId}
        value={value ?? ''}
        onValueChange={(next) => onValueChange(next as Value)}
        disabled={disabled}
        name={name}
      >
        {options.map((option) => (
          <label key={option.value} className="act-radio" data-disabled={option.disabled || undefined}>
            <RadioPrimitive.Item className="act-radio__item" value={option.value} disabled={option.disabled}>
              <RadioPrimitive.Indicator className="act-radio__indicator" />
            </RadioPrimitive.Item>
            <span className="act-radio__text">
              <span className="act-radio__label">{option.label}</span>
              {option.description && <span className="act-radio__description">{option.description}</span>}
            </span>
          </label>
        ))}
      </RadioPrimitive.Root>
    </div>
  );
}
