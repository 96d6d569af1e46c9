// The gradient Generate button a tool page ends with: label and disabled state come from the page's rules (a
// RunButton from runButton), and the icon hides while busy, when the spinner shows. A button that says "Insufficient
// Credits" gets the way to the plans beside it (the label is the one contract text runButton returns for that
// state). It is also what Ctrl/Cmd+Enter presses (run-action.ts).
import type { LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import { UI_TEXTS } from '@act/contracts';
import type { ToolHost } from '../tool-host';
import { Button, type ButtonProps } from '../ui/button';
import { PlansLink } from './plans-link';
import type { RunButton } from './run-button';
import { useRunButton } from './run-action';

export interface GenerateButtonProps extends Pick<ButtonProps, 'busy' | 'onClick' | 'block' | 'className'> {
  icon: LucideIcon;
  state: RunButton;
  /** Lets the plans link navigate inside the shell; without it the link loads the page. */
  host?: Pick<ToolHost, 'navigate'>;
}

export function GenerateButton({ icon: Icon, state, busy, host, ...button }: GenerateButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useRunButton(ref);
  const run = (
    <Button ref={ref} variant="gradient" size="lg" busy={busy} disabled={state.disabled} {...button}>
      {!busy && <Icon size={18} aria-hidden />}
      {state.label}
    </Button>
  );
  if (state.label !== UI_TEXTS.common.insufficientCredits) return run;
  return (
    <>
      {run}
      <PlansLink host={host} />
    </>
  );
}
