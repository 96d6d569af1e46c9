// The run button of a photo effect (docs/product-rules.md#validation) as a plain function of the screen state:
// 'Processing...' while busy, 'Select an Image First' without an image, 'Insufficient Credits' below 20 credits, else
// the effect's own label ('Run Expression Change', 'Run Color Correction' without credit text, 'Run Cartoonify (20
// credits)' ...), disabled while its text is blank or the effect cannot run on this server.
import { UI_TEXTS } from '@act/contracts';
import type { RunButton } from '@act/host-sdk';

const C = UI_TEXTS.common;

export function effectButton(s: {
  label: string;
  busy: boolean;
  hasImage: boolean;
  affordable: boolean;
  hasText: boolean;
  runnable: boolean;
}): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (!s.hasImage) return { label: C.selectAnImageFirst, disabled: true };
  if (!s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: s.label, disabled: !s.hasText || !s.runnable };
}
