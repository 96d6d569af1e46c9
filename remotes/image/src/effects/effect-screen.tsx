// The screen every photo effect shares (docs/product-rules.md#screens, #states, #validation): Settings on the left
// (the no-key notice when the effect cannot run here, upload with drag-and-drop and a preview with remove, the
// effect's text field, the run button, the error, tips) and Result on the right (the before/after comparison of the
// member's photo and the result, with Download; 'Processing <effect>' while it runs; 'Ready to Transform' and a
// sample comparison until a result exists). Removing the image resets file, preview, result, error and slider (50); a
// result dispatches 'gallery-updated'. The seven photo-effect pages are this screen, each with its effect's entry in
// EFFECT_CONFIGS (EFFECT_PAGES at the bottom).
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Download, Wand2 } from 'lucide-react';
import {
  ERROR_TEXTS,
  GALLERY_UPDATED_EVENT,
  PHOTO_EFFECT_TOOL_IDS,
  UI_TEXTS,
  type PhotoEffectReply,
  type PhotoEffectToolId,
} from '@act/contracts';
import {
  Alert,
  Button,
  canAfford,
  FromItemNotice,
  GenerateButton,
  ImageDropZone,
  RunError,
  runButton,
  SendToMenu,
  TipsBox,
  Spinner,
  TextField,
  useAvailability,
  useImageFromItem,
  useImageUpload,
  useToolRun,
  type ToolPageProps,
} from '@act/host-sdk';
import { BeforeAfterSlider, SLIDER_DEFAULT } from '../components/before-after-slider';
import { SAMPLE_AFTER, SAMPLE_BEFORE, SAMPLE_SIZE } from '../components/sample-images';
import { EFFECT_CONFIGS, type EffectConfig } from './effect-configs';
import { fetchEffectAvailability, saveResult } from './effects-api';
import { useOpenedEffect } from './use-opened-effect';
import './effect-screen.css';

const T = UI_TEXTS.photoTool;
const C = UI_TEXTS.common;

export interface EffectScreenProps extends ToolPageProps {
  effect: EffectConfig;
}

export function EffectScreen({ host, effect }: EffectScreenProps) {
  const upload = useImageUpload();
  // `?from=<library item>`: the member's stored image, put in the upload as if they had picked it.
  const from = useImageFromItem(host, upload);
  // `?open=<id>`: a stored result of this effect, shown as the result until the member picks another photo.
  const opened = useOpenedEffect(host, effect.id);
  const [text, setText] = useState(effect.field?.initial ?? '');
  const [textTouched, setTextTouched] = useState(false);
  const [slider, setSlider] = useState(SLIDER_DEFAULT);
  const [downloading, setDownloading] = useState(false);
  const availability = useAvailability(
    async (signal) => (await fetchEffectAvailability(host.api, signal))[effect.id] !== false,
    [host.api, effect.id],
  );

  const action = useCallback(
    // One run: the image and the entry's text field (trimmed) to its endpoint (gateway → image service).
    (image: string, value: string) => {
      const text = effect.field ? { [effect.field.key]: value.trim() } : {};
      return host.api.call(effect.endpoint, {
        body: { image, toolName: effect.id, ...text },
        fallbackError: effect.failedText,
      });
    },
    [host.api, effect],
  );
  const run = useToolRun(host, action, effect.failedText);
  const { reset } = run;
  const busy = run.status === 'loading';
  const result = run.result ?? opened.result;

  // A new photo (or none) starts over: no result, no error, the slider in the middle.
  const imageUrl = upload.image?.dataUrl ?? null;
  const { close } = opened;
  useEffect(() => {
    reset();
    close();
    setSlider(SLIDER_DEFAULT);
  }, [imageUrl, reset, close]);

  // docs/product-rules.md#validation: the effect's own label ('Run Cartoonify (20 credits)'), disabled while its
  // text is blank or the effect cannot run on this server.
  const hasText = effect.field === null || text.trim() !== '';
  const button = runButton({
    busy,
    missing: upload.image === null && C.selectAnImageFirst,
    affordable: canAfford(host, effect.id),
    ready: effect.runLabel,
    blocked: !hasText || availability === 'unavailable',
  });

  const start = async () => {
    if (!upload.image || button.disabled) return;
    const reply = await run.run(upload.image.dataUrl, text);
    if (reply) {
      setSlider(SLIDER_DEFAULT);
      window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
    }
  };

  const download = async () => {
    if (!result) return;
    setDownloading(true);
    try {
      await saveResult(result.downloadUrl, effect.id);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="act-tool-layout ie-effect">
      <section className="act-panel act-stack" aria-labelledby="ie-settings-title">
        <h2 id="ie-settings-title" className="ie-heading">
          {T.settings}
        </h2>
        {availability === 'unavailable' && (
          <Alert variant="info">{ERROR_TEXTS.image.effectNeedsProviderKey}</Alert>
        )}
        <div className="act-stack ie-upload">
          <span className="act-label">{T.uploadLabel}</span>
          <FromItemNotice state={from} />
          {opened.error && <Alert variant="error">{opened.error}</Alert>}
          <ImageDropZone
            upload={upload}
            disabled={busy}
            onRemove={() => {
              reset();
              setSlider(SLIDER_DEFAULT);
            }}
          />
        </div>
        {effect.field && (
          <TextField
            label={effect.field.label}
            placeholder={effect.field.placeholder}
            value={text}
            maxLength={200}
            disabled={busy}
            error={textTouched && text.trim() === '' ? effect.field.required : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setTextTouched(true);
            }}
          />
        )}
        <GenerateButton
          host={host}
          icon={Wand2}
          block
          busy={busy}
          state={button}
          onClick={() => void start()}
        />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
        <TipsBox title={T.tipsTitle} tips={effect.tips} />
      </section>

      <section className="act-panel act-stack ie-result" aria-labelledby="ie-result-title">
        <div className="ie-result__header">
          <h2 id="ie-result-title" className="ie-heading">
            {T.result}
          </h2>
          {result && !busy && (
            <div className="ie-result__actions">
              <SendToMenu itemId={result.id} kind="image" fromTool={effect.id} navigate={host.navigate} />
              <Button variant="outline" size="sm" busy={downloading} onClick={() => void download()}>
                {!downloading && <Download size={16} aria-hidden />}
                {T.download}
              </Button>
            </div>
          )}
        </div>

        <EffectResult
          effect={effect}
          busy={busy}
          result={result}
          slider={slider}
          onSliderChange={setSlider}
        />
      </section>
    </div>
  );
}

interface EffectResultProps {
  effect: EffectConfig;
  busy: boolean;
  result: PhotoEffectReply | null;
  slider: number;
  onSliderChange(value: number): void;
}

/** The result panel's body: the wait, the before/after of the result, or the sample before a first run. */
function EffectResult({ effect, busy, result, slider, onSliderChange }: EffectResultProps) {
  if (busy) {
    return (
      <div className="ie-state" role="status" aria-live="polite">
        <Spinner decorative size={32} />
        <p className="ie-state__title">{T.processing(effect.name)}</p>
        <p className="ie-state__text">{T.processingHint}</p>
      </div>
    );
  }
  if (result) {
    return (
      <BeforeAfterSlider
        before={{ src: result.originalImageUrl, alt: T.beforeAlt }}
        after={{ src: result.processedImageUrl, alt: T.afterAlt(effect.name) }}
        aspect={result.width / result.height}
        value={slider}
        onValueChange={onSliderChange}
        caption={T.sliderCaption}
        allowSideBySide
      />
    );
  }
  return (
    <>
      <div className="ie-state ie-state--ready">
        <p className="ie-state__title">{T.readyToTransform}</p>
        <p className="ie-state__text">{effect.readyHint}</p>
      </div>
      <BeforeAfterSlider
        before={{ src: SAMPLE_BEFORE, alt: T.sampleBeforeAlt }}
        after={{ src: SAMPLE_AFTER, alt: T.sampleAfterAlt }}
        aspect={SAMPLE_SIZE.width / SAMPLE_SIZE.height}
        value={slider}
        onValueChange={onSliderChange}
        caption={T.sampleCaption}
      />
    </>
  );
}

function effectPage(id: PhotoEffectToolId): ComponentType<ToolPageProps> {
  const effect = EFFECT_CONFIGS[id];
  const Page = ({ host }: ToolPageProps) => <EffectScreen host={host} effect={effect} />;
  Page.displayName = `EffectPage(${id})`;
  return Page;
}

/** The page of each photo effect, keyed by tool id. */
export const EFFECT_PAGES = Object.fromEntries(
  PHOTO_EFFECT_TOOL_IDS.map((id) => [id, effectPage(id)]),
) as Record<PhotoEffectToolId, ComponentType<ToolPageProps>>;
