// Upscale (docs/product-rules.md#upscale): a picture (uploaded, or one of the member's own), 2× or 4×, 5 credits. The
// notice says before anything is chosen how this server enlarges: a standard upscale (Lanczos with a mild sharpen)
// without a provider key, an AI model with one. The result's size is shown as soon as the picture is known, and a
// result over the upload pixel cap is refused here as the server would (free). The result is compared with the
// picture, downloaded, and listed in the hub gallery.
import { useCallback, useEffect, useState } from 'react';
import { Maximize2 } from 'lucide-react';
import {
  ERROR_TEXTS,
  GALLERY_UPDATED_EVENT,
  getTool,
  LIMITS,
  toolCost,
  UI_TEXTS,
  type UpscaleMethod,
  type UpscaleScale,
} from '@act/contracts';
import {
  Alert,
  canAfford,
  GenerateButton,
  RunError,
  SegmentedControl,
  TipsBox,
  useToolRun,
  type RunButton,
  type ToolPageProps,
} from '@act/host-sdk';
import { ImageSourcePicker } from '../image-tools/image-source-picker';
import { fetchImageStatus, upscale, type SourceField } from '../image-tools/image-tools-api';
import { ToolResult } from '../image-tools/tool-result';
import { usePictureSource } from '../image-tools/use-picture-source';
import '../effects/effect-screen.css';

const T = UI_TEXTS.upscale;
const C = UI_TEXTS.common;
const COST = toolCost('upscale');

/** The run button as a plain function of the screen state. */
export function upscaleButton(s: {
  busy: boolean;
  hasPicture: boolean;
  affordable: boolean;
  tooLarge: boolean;
}): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (!s.hasPicture) return { label: C.selectAnImageFirst, disabled: true };
  if (!s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: T.run(COST), disabled: s.tooLarge };
}

export function UpscalePage({ host }: ToolPageProps) {
  const source = usePictureSource();
  const [scale, setScale] = useState<UpscaleScale>(2);
  const [method, setMethod] = useState<UpscaleMethod | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchImageStatus(host.api, controller.signal).then(
      (status) => setMethod(status.upscale ?? null),
      () => undefined,
    );
    return () => controller.abort();
  }, [host.api]);

  const action = useCallback(
    (field: SourceField, factor: UpscaleScale) => upscale(host.api, field, factor),
    [host.api],
  );
  const run = useToolRun(host, action, ERROR_TEXTS.image.upscaleFailed);
  const busy = run.status === 'loading';
  const { picture } = source;
  const out = picture?.size && { width: picture.size.width * scale, height: picture.size.height * scale };
  const tooLarge = out ? out.width * out.height > LIMITS.imagePixels : false;
  const button = upscaleButton({
    busy,
    hasPicture: picture !== null,
    affordable: canAfford(host, 'upscale'),
    tooLarge,
  });

  const start = async () => {
    if (!picture || button.disabled) return;
    if (await run.run(picture.field, scale)) window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
  };
  const result = run.result;

  return (
    <div className="act-tool-layout ie-effect">
      <section className="act-panel act-stack" aria-labelledby="it-settings-title">
        <h2 id="it-settings-title" className="ie-heading">
          {UI_TEXTS.photoTool.settings}
        </h2>
        {method && <Alert variant="info">{method === 'standard' ? T.standardNotice : T.modelNotice}</Alert>}
        <ImageSourcePicker
          api={host.api}
          source={source}
          label={T.sourceLabel}
          disabled={busy}
          onChange={run.reset}
        />
        <div className="act-stack">
          <span className="act-label" aria-hidden>
            {T.scaleLabel}
          </span>
          <SegmentedControl<`${UpscaleScale}`>
            label={T.scaleLabel}
            value={`${scale}`}
            onValueChange={(value) => setScale(Number(value) as UpscaleScale)}
            options={LIMITS.upscaleScales.map((factor) => ({
              value: `${factor}`,
              label: T.scaleOption(factor),
            }))}
          />
          {out && (
            <p className={tooLarge ? 'it-size it-size--over' : 'it-size'} aria-live="polite">
              {tooLarge ? ERROR_TEXTS.image.upscaleTooLarge(scale) : T.outputSize(out.width, out.height)}
            </p>
          )}
        </div>
        <GenerateButton
          host={host}
          icon={Maximize2}
          block
          busy={busy}
          state={button}
          onClick={() => void start()}
        />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
        <TipsBox title={UI_TEXTS.photoTool.tipsTitle} tips={T.tips} />
      </section>
      <ToolResult
        tool="upscale"
        toolName={getTool('upscale').name}
        busy={busy}
        processing={T.processing}
        readyHint={T.readyHint}
        result={result}
        {...(result
          ? {
              note: `${T.resultSize(result.width, result.height)} · ${result.method === 'standard' ? T.standardLabel : T.modelLabel}`,
            }
          : {})}
      />
    </div>
  );
}
