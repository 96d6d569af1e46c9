// Edit a Region (docs/product-rules.md#edit-a-region): a picture (uploaded, or one of the member's own), a mask painted
// over it (brush with undo and clear, or a rectangle placed with the keyboard), and what to paint there; 20 credits.
// Without a provider key the page says so before anything is typed and the button stays off. The mask goes as a PNG
// of the picture's own size; the result is compared with the picture, downloaded, and listed in the hub gallery.
import { useCallback, useState } from 'react';
import { Brush } from 'lucide-react';
import { ERROR_TEXTS, GALLERY_UPDATED_EVENT, LIMITS, toolCost, UI_TEXTS } from '@act/contracts';
import {
  Alert,
  canAfford,
  runButton,
  TextArea,
  useAvailability,
  useToolRun,
  type ToolPageProps,
} from '@act/host-sdk';
import { ImageToolScreen } from '../image-tools/image-tool-screen';
import { editImage, fetchImageStatus, type SourceField } from '../image-tools/image-tools-api';
import { MaskCanvas } from '../image-tools/mask-canvas';
import { MaskControls } from '../image-tools/mask-controls';
import { maskDataUrl } from '../image-tools/mask-ops';
import { useMask } from '../image-tools/use-mask';
import { usePictureSource } from '../image-tools/use-picture-source';

const T = UI_TEXTS.editImage;
const COST = toolCost('edit-image');

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
  const painted = mask.marks.length > 0;
  // Nothing painted yet: the button asks for a mask once the picture and the credits are there.
  const button = runButton({
    busy,
    missing: picture === null && UI_TEXTS.common.selectAnImageFirst,
    affordable: canAfford(host, 'edit-image'),
    ready: painted ? T.run(COST) : T.paintFirst,
    blocked: !painted || prompt.trim() === '' || availability === 'unavailable',
  });

  const start = async () => {
    if (!picture?.size || button.disabled) return;
    const png = maskDataUrl(mask.marks, picture.size);
    if (await run.run(picture.field, png, prompt)) window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
  };

  return (
    <ImageToolScreen
      host={host}
      tool="edit-image"
      texts={T}
      notice={
        availability === 'unavailable' && (
          <Alert variant="info">{ERROR_TEXTS.image.editNeedsProviderKey}</Alert>
        )
      }
      source={source}
      onSourceChange={() => {
        run.reset();
        mask.clear();
      }}
      icon={Brush}
      button={button}
      onRun={() => void start()}
      run={run}
    >
      {picture && (
        <section className="act-stack" aria-labelledby="it-mask-title">
          <h3 id="it-mask-title" className="ie-heading">
            {T.maskTitle}
          </h3>
          <MaskCanvas url={picture.url} alt={picture.name} size={picture.size} mask={mask} disabled={busy} />
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
    </ImageToolScreen>
  );
}
