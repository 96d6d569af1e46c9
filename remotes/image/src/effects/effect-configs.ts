// What sets the seven photo-effect screens apart (docs/product-rules.md#screens, #validation, #endpoints): the tool,
// its endpoint, the text field it takes (payload key, label, placeholder, default, the spec's required text), the run
// button's words, the ready hint and the tips. One screen (EffectScreen) renders every one of them and calls the
// entry's endpoint.
import {
  ERROR_TEXTS,
  IMAGE_ENDPOINTS,
  getTool,
  PHOTO_EFFECT_FAILED_TEXTS,
  toolCost,
  UI_TEXTS,
  type PhotoEffectToolId,
} from '@act/contracts';

const T = UI_TEXTS.photoTool;
const V = ERROR_TEXTS.validation;
const E = IMAGE_ENDPOINTS;

/** The endpoint of one photo effect (they share the reply; the request differs by the one text field). */
export type EffectEndpoint = (typeof IMAGE_ENDPOINTS)[
  | 'ageProgression'
  | 'babyVersion'
  | 'backgroundChange'
  | 'cartoonify'
  | 'broccoliHaircut'
  | 'colorCorrection'
  | 'expressionChange'];

export interface EffectTextField {
  /** The payload's key (docs/product-rules.md#endpoints): ageChange, prompt or expression. */
  key: 'ageChange' | 'prompt' | 'expression';
  label: string;
  placeholder: string;
  /** The field's starting value ('' when the spec names none). */
  initial: string;
  /** Shown when the trimmed text is empty (the server answers the same text). */
  required: string;
}

export interface EffectConfig {
  id: PhotoEffectToolId;
  name: string;
  endpoint: EffectEndpoint;
  field: EffectTextField | null;
  /** The run button's label when it can run. */
  runLabel: string;
  readyHint: string;
  tips: readonly string[];
  /** docs/product-rules.md#errors: 'Failed to process <effect>'. */
  failedText: string;
}

function config(
  id: PhotoEffectToolId,
  endpoint: EffectEndpoint,
  options: { field?: EffectTextField; runLabel?: string; readyHint?: string; tips: readonly string[] },
): EffectConfig {
  const name = getTool(id).name;
  return {
    id,
    name,
    endpoint,
    field: options.field ?? null,
    runLabel: options.runLabel ?? T.runWithCredits(name, toolCost(id)),
    readyHint: options.readyHint ?? T.readyHint,
    tips: options.tips,
    failedText: PHOTO_EFFECT_FAILED_TEXTS[id],
  };
}

export const EFFECT_CONFIGS: Readonly<Record<PhotoEffectToolId, EffectConfig>> = {
  'age-progression': config('age-progression', E.ageProgression, {
    field: {
      key: 'ageChange',
      label: T.ageChangeLabel,
      placeholder: T.ageChangePlaceholder,
      initial: T.ageChangeDefault,
      required: V.ageChangeRequired,
    },
    readyHint: T.ageChangeReadyHint,
    tips: T.tips['age-progression'],
  }),
  'baby-version': config('baby-version', E.babyVersion, { tips: T.tips['baby-version'] }),
  'background-change': config('background-change', E.backgroundChange, {
    field: {
      key: 'prompt',
      label: T.backgroundLabel,
      placeholder: T.backgroundPlaceholder,
      initial: '',
      required: V.backgroundDescriptionRequired,
    },
    readyHint: T.backgroundReadyHint,
    tips: T.tips['background-change'],
  }),
  cartoonify: config('cartoonify', E.cartoonify, { tips: T.tips.cartoonify }),
  'broccoli-haircut': config('broccoli-haircut', E.broccoliHaircut, { tips: T.tips['broccoli-haircut'] }),
  // docs/product-rules.md#validation: Color Correction's button label has no credit text.
  'color-correction': config('color-correction', E.colorCorrection, {
    runLabel: T.run(getTool('color-correction').name),
    tips: T.tips['color-correction'],
  }),
  // docs/product-rules.md#screens: 'Run Expression Change', placeholder 'e.g., sad, happy, angry', its ready hint and
  // tips.
  'expression-change': config('expression-change', E.expressionChange, {
    field: {
      key: 'expression',
      label: T.expressionLabel,
      placeholder: T.expressionPlaceholder,
      initial: '',
      required: V.expressionRequired,
    },
    runLabel: T.run(getTool('expression-change').name),
    readyHint: T.expressionReadyHint,
    tips: T.expressionTips,
  }),
};
