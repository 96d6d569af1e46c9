// Edit a Region (docs/product-rules.md#edit-a-region): a picture (uploaded, or one of the member's own), a mask painted
// over it (brush with undo and clear, or a rectangle placed with the keyboard), and what to paint there; 20 credits.
// Without a provider key the page says so before anything is typed and the button stays off. The mask goes as a PNG
// of the picture's own size; the result is compared with the picture, downloaded, and listed in the hub gallery.
import { useCallback, useState } from 'react';
import { Brush } from 'lucide-react';
import { ERROR_TEXTS, GALLERY_UPDATED_EVENT, getTool, LIMITS, toolCost, UI_TEXTS } from '@act/contracts';
import {
  Alert,
  canAfford,
  GenerateButton,
  RunError,
  TextArea,
  TipsBox,
  useAvailability,
  useToolRun,
  type RunButton,
  type ToolPageProps,
} from '@act/host-sdk';
import { ImageSourcePicker } from '../image-tools/image-source-picker';
import { editImage, fetchImageStatus, type SourceField } from '../image-tools/image-tools-api';
import { MaskCanvas } from '../image-tools/mask-canvas';
import { MaskControls } from '../image-tools/mask-controls';
import { maskDataUrl } from '../image-tools/mask-ops';
import { ToolResult } from '../image-tools/tool-result';
import { useMask } from '../image-tools/use-mask';
import { usePictureSource } from '../image-tools/use-picture-source';
import '../effects/effect-screen.css';

const T = UI_TEXTS.editImage;
const C = UI_TEXTS.common;
const COST = toolCost('edit-image');

/** The run button as a plain function of the screen state. */
export function editButton(s: {
  busy: boolean;
  hasPicture: boolean;
  affordable: boolean;
  painted: boolean;
  hasPrompt: boolean;
  runnable: boolean;
}): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (!s.hasPicture) return { label: C.selectAnImageFirst, disabled: true };
  if (!s.affordable) return { label: C.insufficientCredits, disabled: true };
  if (!s.painted) return { label: T.paintFirst, disabled: true };
  return { label: T.run(COST), disabled: !s.hasPrompt || !s.runnable };
}

export function EditImagePage({ host }: ToolPageProps) {
  const availability = useAvailability(
    async (signal) => (await fetchImageStatus(host.api, signal)).editImage !== false,
    [host.api],
  );
  const source = usePictureSource();
  const mask = useMask();
  const [prompt, setPrompt] = useState('');
  const action = useCallback(
    (field: SourceField, png: string, text: string) => editImage(host.api, field, png, text),
    [host.api],
  );
  const run = useToolRun(host, action, ERROR_TEXTS.image.editFailed);
  const busy = run.status === 'loading';
  const { picture } = source;
  const button = editButton({
    busy,
    hasPicture: picture !== null,
    affordable: canAfford(host, 'edit-image'),
    painted: mask.marks.length > 0,
    hasPrompt: prompt.trim() !== '',
    runnable: availability !== 'unavailable',
  });

  const start = async () => {
    if (!picture?.size || button.disabled) return;
    const png = maskDataUrl(mask.marks, picture.size);
    if (await run.run(picture.field, png, prompt)) window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
  };
  const changed = () => {
    run.reset();
    mask.clear();
  };

  return (
    <div className="act-tool-layout ie-effect">
      <section className="act-panel act-stack" aria-labelledby="it-settings-title">
        <h2 id="it-settings-title" className="ie-heading">
          {UI_TEXTS.photoTool.settings}
        </h2>
        {availability === 'unavailable' && (
          <Alert variant="info">{ERROR_TEXTS.image.editNeedsProviderKey}</Alert>
        )}
        <ImageSourcePicker
          api={host.api}
          source={source}
          label={T.sourceLabel}
          disabled={busy}
          onChange={changed}
        />
        {picture && (
          <section className="act-stack" aria-labelledby="it-mask-title">
            <h3 id="it-mask-title" className="ie-heading">
              {T.maskTitle}
            </h3>
            <MaskCanvas
              url={picture.url}
              alt={picture.name}
              size={picture.size}
              mask={mask}
              disabled={busy}
            />
            <MaskControls mask={mask} size={picture.size} disabled={busy} />
          </section>
        )}
        <TextArea
          label={T.promptLabel}
          placeholder={T.promptPlaceholder}
          value={prompt}
          maxLength={LIMITS.editPrompt}
          rows={3}
          disabled={busy}
          onChange={(event) => setPrompt(event.target.value)}
        />
        <GenerateButton
          host={host}
          icon={Brush}
          block
          busy={busy}
          state={button}
          onClick={() => void start()}
        />
        <RunError error={run.error} needsSignup={run.needsSignup} host={host} />
        <TipsBox title={UI_TEXTS.photoTool.tipsTitle} tips={T.tips} />
      </section>
      <ToolResult
        tool="edit-image"
        toolName={getTool('edit-image').name}
        busy={busy}
        processing={T.processing}
        readyHint={T.readyHint}
        result={run.result}
      />
    </div>
  );
}
