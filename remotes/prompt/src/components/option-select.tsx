// A select over one of the spec's option lists ({ id, label }), such as camera motions or video styles.
import { useMemo } from 'react';
import type { Option } from '@act/contracts';
import { Select } from '@act/host-sdk';

export interface OptionSelectProps<Id extends string> {
  label: string;
  options: readonly Option<Id>[];
  value: Id;
  onValueChange(value: Id): void;
  disabled?: boolean;
}

export function OptionSelect<Id extends string>({
  label,
  options,
  value,
  onValueChange,
  disabled,
}: OptionSelectProps<Id>) {
  const selectOptions = useMemo(
    () => options.map((option) => ({ value: option.id, label: option.label })),
    [options],
  );
  return (
    <Select<Id>
      label={label}
      value={value}
      onValueChange={onValueChange}
      options={selectOptions}
      disabled={disabled}
    />
  );
}
