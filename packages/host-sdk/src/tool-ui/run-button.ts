// The run button's state of every tool page (docs/product-rules.md#validation) as one plain function of the screen:
// a run under way says so, then the first thing the screen lacks, then the credit check, then the tool's own label.
// Each page states only what differs: its labels, what it lacks and when the credit check applies.
import { UI_TEXTS } from '@act/contracts';

/** What the run button says and whether it can be pressed, as `runButton` computes it from the screen state. */
export interface RunButton {
  label: string;
  disabled: boolean;
}

export interface RunButtonRules {
  /** A run is under way: the button is disabled and says `busyLabel`. */
  busy: boolean;
  /** The label while busy; 'Processing...' unless the tool names its own ('Generating...', 'Answering...'). */
  busyLabel?: string;
  /** The label naming what the screen lacks or has wrong ('Select an Image First', 'Text too long'), else nothing. */
  missing?: string | false;
  /** False below the tool's price: 'Insufficient Credits'. Left out where the page shows no credit check. */
  affordable?: boolean;
  /** The tool's own label once it can run ('Generate Prompt (1 credit)'). */
  ready: string;
  /** Keeps the tool's label but disables it: an input the spec names no label for, or the tool is unavailable. */
  blocked?: boolean;
}

export function runButton(s: RunButtonRules): RunButton {
  if (s.busy) return { label: s.busyLabel ?? UI_TEXTS.common.processing, disabled: true };
  if (s.missing) return { label: s.missing, disabled: true };
  if (s.affordable === false) return { label: UI_TEXTS.common.insufficientCredits, disabled: true };
  return { label: s.ready, disabled: s.blocked ?? false };
}
