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
  LIMITS,
  toolCost,
  UI_TEXTS,
  type UpscaleMethod,
  type UpscaleScale,
} from '@act/contracts';
import {
  Alert,
  canAfford,
  FromItemNotice,
  runButton,
  SegmentedControl,
  useFromItem,
  useToolRun,
  type ToolPageProps,
} from '@act/host-sdk';
import { ImageToolScreen } from '../image-tools/image-tool-screen';
import { fetchImageStatus, upscale, type SourceField } from '../image-tools/image-tools-api';
import { usePictureSource } from '../image-tools/use-picture-source';

const T = UI_TEXTS.upscale;
const COST = toolCost('upscale');

export function UpscalePage({ host }: ToolPageProps) {
  const source = usePictureSource();
  // `?from=<library item>`: the member's stored image, put in the upload as if they had picked it.
  const from = useFromItem(host, (fill) => {
    if (!fill.file) return;
    source.setMode('upload');
    void source.upload.select(fill.file);
  });
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
  const { picture } = source;
  const out = picture?.size && { width: picture.size.width * scale, height: picture.size.height * scale };
  const tooLarge = out ? out.width * out.height > LIMITS.imagePixels : false;
  const button = runButton({
    busy: run.status === 'loading',
    missing: picture === null && UI_TEXTS.common.selectAnImageFirst,
    affordable: canAfford(host, 'upscale'),
    ready: T.run(COST),
    blocked: tooLarge,
  });

  const start = async () => {
    if (!picture || button.disabled) return;
    if (await run.run(picture.field, scale)) window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
  };
  const result = run.result;

  return (
    <ImageToolScreen
      host={host}
      tool="upscale"
      texts={T}
      notice={
        <>
          <FromItemNotice state={from} />
          {method && <Alert variant="info">{method === 'standard' ? T.standardNotice : T.modelNotice}</Alert>}
        </>
      }
      source={source}
      onSourceChange={run.reset}
      icon={Maximize2}
      button={button}
      onRun={() => void start()}
      run={run}
      note={
        result &&
        `${T.resultSize(result.width, result.height)} · ${result.method === 'standard' ? T.standardLabel : T.modelLabel}`
      }
    >
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
    </ImageToolScreen>
  );
}
