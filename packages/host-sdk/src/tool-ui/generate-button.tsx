// The gradient Generate button a tool page ends with: label and disabled state come from the page's rules (a
// RunButton), and the icon hides while busy, when the spinner shows.
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from '../ui/button';

/** What the run button says and whether it can be pressed, as a plain function of the screen state computes it. */
export interface RunButton {
  label: string;
  disabled: boolean;
}

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
