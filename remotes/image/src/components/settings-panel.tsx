// The Text to Image settings panel (docs/product-rules.md#screens, #entities, #validation): prompt and negative
// prompt with character counters, model, style (default photorealistic), aspect ratio, format and an optional seed,
// then the Generate button and the reasons it cannot run.
import type { ReactNode, Ref } from 'react';
import { Wand2 } from 'lucide-react';
import {
  ASPECT_RATIOS,
  IMAGE_FORMATS,
  IMAGE_MODELS,
  IMAGE_STYLES,
  LIMITS,
  UI_TEXTS,
  type AspectRatio,
  type ImageFormat,
  type ImageModelId,
  type ImageStyle,
} from '@act/contracts';
import { GenerateButton, Select, TextArea, TextField, type RunButton } from '@act/host-sdk';
import type { ImageSettings, SettingsErrors } from '../settings';
import './settings-panel.css';

const T = UI_TEXTS.textToImage;

const MODEL_OPTIONS = IMAGE_MODELS.map((m) => ({ value: m.id, label: m.label }));
const STYLE_OPTIONS = IMAGE_STYLES.map((s) => ({ value: s.id, label: s.label }));
const ASPECT_OPTIONS = ASPECT_RATIOS.map((a) => ({ value: a.id, label: `${a.label} ${a.ratio}` }));
const FORMAT_OPTIONS = IMAGE_FORMATS.map((f) => ({ value: f.id, label: f.label }));
const COUNT_OPTIONS = Array.from({ length: LIMITS.imagesPerRunMax }, (_, i) => ({
  value: `${i + 1}`,
  label: T.numImagesOption(i + 1),
}));

/** "123/1000", the counter under a limited text. */
export function counterText(text: string, max: number): string {
  return `${text.length}/${max}`;
}

export interface SettingsPanelProps {
  settings: ImageSettings;
  onChange(settings: ImageSettings): void;
  errors: SettingsErrors;
  busy: boolean;
  button: RunButton;
  onGenerate(): void;
  promptRef?: Ref<HTMLTextAreaElement>;
  /** Notices shown above the button (no provider key, too few credits, a failed run). */
  notices?: ReactNode;
}

export function SettingsPanel({
  settings,
  onChange,
  errors,
  busy,
  button,
  onGenerate,
  promptRef,
  notices,
}: SettingsPanelProps) {
  const set = <K extends keyof ImageSettings>(key: K, value: ImageSettings[K]) =>
    onChange({ ...settings, [key]: value });
  return (
    <section className="act-panel act-stack img-settings" aria-label={T.settingsTitle}>
      <div className="act-stack">
        <TextArea
          ref={promptRef}
          label={T.promptLabel}
          placeholder={T.promptPlaceholder}
          value={settings.prompt}
          onChange={(event) => set('prompt', event.target.value)}
          rows={4}
          disabled={busy}
          error={errors.prompt}
          hint={<Counter text={settings.prompt} max={LIMITS.prompt} />}
        />
        <TextArea
          label={T.negativePromptLabel}
          placeholder={T.negativePromptPlaceholder}
          value={settings.negativePrompt}
          onChange={(event) => set('negativePrompt', event.target.value)}
          rows={2}
          disabled={busy}
          error={errors.negativePrompt}
          hint={<Counter text={settings.negativePrompt} max={LIMITS.negativePrompt} />}
        />
        <div className="img-settings__grid">
          <Select<ImageModelId>
            label={T.modelLabel}
            value={settings.model}
            onValueChange={(value) => set('model', value)}
            options={MODEL_OPTIONS}
            disabled={busy}
          />
          <Select<ImageStyle>
            label={T.styleLabel}
            value={settings.style}
            onValueChange={(value) => set('style', value)}
            options={STYLE_OPTIONS}
            disabled={busy}
          />
          <Select<AspectRatio>
            label={T.aspectRatioLabel}
            value={settings.aspectRatio}
            onValueChange={(value) => set('aspectRatio', value)}
            options={ASPECT_OPTIONS}
            disabled={busy}
          />
          <Select<ImageFormat>
            label={T.formatLabel}
            value={settings.imageFormat}
            onValueChange={(value) => set('imageFormat', value)}
            options={FORMAT_OPTIONS}
            disabled={busy}
          />
          <Select<string>
            label={T.numImagesLabel}
            value={`${settings.numImages}`}
            onValueChange={(value) => set('numImages', Number(value))}
            options={COUNT_OPTIONS}
            disabled={busy}
          />
          <TextField
            label={T.seedLabel}
            placeholder={T.seedPlaceholder}
            inputMode="numeric"
            autoComplete="off"
            value={settings.seed}
            onChange={(event) => set('seed', event.target.value)}
            disabled={busy}
            error={errors.seed}
            hint={errors.seed ? undefined : T.seedHint}
          />
        </div>
        {notices}
        <GenerateButton icon={Wand2} state={button} busy={busy} block onClick={onGenerate} />
      </div>
    </section>
  );
}

function Counter({ text, max }: { text: string; max: number }) {
  const over = text.length > max;
  return (
    <span className={over ? 'img-counter img-counter--over' : 'img-counter'}>{counterText(text, max)}</span>
  );
}
