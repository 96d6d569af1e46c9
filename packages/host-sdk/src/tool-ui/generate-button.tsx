// The gradient Generate button every prompt tool ends with: label and disabled state come from button-labels, and
// the icon hides while busy, when the spinner shows.
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@act/host-sdk';
import type { RunButton } from '../button-labels';

export interface GenerateButtonProps extends Pick<ButtonProps, 'busy' | 'onClick' | 'block' | 'className'> {
  icon: LucideIcon;
  state: RunButton;
}

export function GenerateButton({ icon: Icon, state, busy, ...button }: GenerateButtonProps) {
  return (
    <Button variant="gradient" size="lg" busy={busy} disabled={state.disabled} {...button}>
      {!busy && <Icon size={18} aria-hidden />}
      {state.label}
    </Button>
  );
}
