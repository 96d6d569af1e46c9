// A labelled select on radix (languages, models, styles, tool filters).
import { Select as SelectPrimitive } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export interface SelectOption<Value extends string> {
  value: Value;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectProps<Value extends string> {
  label: ReactNode;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
  value: Value | undefined;
  onValueChange(value: Value): void;
  options: readonly SelectOption<Value>[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

export function Select<Value extends string>({
  label,
  hideLabel,
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  className,
}: SelectProps<Value>) {
  const labelId = useId();
  return (
    <div className={['act-field', className].filter(Boolean).join(' ')}>
      <span id={labelId} className={hideLabel ? 'act-sr-only' : 'act-label'}>
        {label}
      </span>
      <SelectPrimitive.Root
        value={value}
        onValueChange={(next) => onValueChange(next as Value)}
        disabled={disabled}
      >
        <SelectPrimitive.Trigger className="act-select__trigger" aria-labelledby={labelId}>
          <SelectPrimitive.Value placeholder={placeholder} />
          <SelectPrimitive.Icon className="act-select__icon">
            <ChevronDown size={16} aria-hidden />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content className="act-select__content" position="popper" sideOffset={6}>
            <SelectPrimitive.Viewport className="act-select__viewport">
              {options.map((option) => (
                <SelectPrimitive.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className="act-select__item"
                >
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  <SelectPrimitive.ItemIndicator className="act-select__check">
                    <Check size={14} aria-hidden />
                  </SelectPrimitive.ItemIndicator>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
    </div>
  );
}
