// The run button's label and enabled state of each prompt tool (docs/product-rules.md#screens, #validation), as plain
// functions of the screen state.
import { UI_TEXTS } from '@act/contracts';
import type { RunButton } from '@act/host-sdk';

const C = UI_TEXTS.common;

export function imageToPromptButton(s: { busy: boolean; hasImage: boolean; affordable: boolean }): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (!s.hasImage) return { label: C.selectAnImageFirst, disabled: true };
  if (!s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: UI_TEXTS.imageToPrompt.generate, disabled: false };
}

export function magicEnhanceButton(s: { busy: boolean; hasText: boolean; affordable: boolean }): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (!s.hasText) return { label: UI_TEXTS.magicEnhance.enterTextFirst, disabled: true };
  if (!s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: UI_TEXTS.magicEnhance.enhance, disabled: false };
}

export function describeImageButton(s: {
  busy: boolean;
  hasImage: boolean;
  hasTask: boolean;
  affordable: boolean;
}): RunButton {
  const T = UI_TEXTS.describeImage;
  if (s.busy) return { label: C.processing, disabled: true };
  if (!s.hasImage) return { label: T.selectAnImageFirst, disabled: true };
  if (!s.hasTask) return { label: T.selectAnalysisTask, disabled: true };
  if (!s.affordable) return { label: T.insufficientCredits, disabled: true };
  return { label: T.generate, disabled: false };
}

/** The spec names no label for a missing action description: the button keeps its label and stays disabled. */
export function videoPromptButton(s: {
  busy: boolean;
  hasImage: boolean;
  hasAction: boolean;
  affordable: boolean;
}): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (!s.hasImage) return { label: C.selectAnImageFirst, disabled: true };
  if (!s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: UI_TEXTS.videoPrompt.generate, disabled: !s.hasAction };
}
