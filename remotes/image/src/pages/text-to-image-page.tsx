// Text to Image (docs/product-rules.md#screens, #states, #validation, #errors, #images-per-run): the settings panel
// (with 1 to 4 images per run; the button's price follows the count), the preview with its progress bar (moved by the
// provider's queue progress when it reports one), zoom, Regenerate with the same seed and Download, the run's images
// to choose from, and the member's gallery. 20 credits per image; the notice that the server has no provider key
// shows before the member types.
import { useRef, useState } from 'react';
import {
  ERROR_TEXTS,
  GALLERY_UPDATED_EVENT,
  IMAGE_ENDPOINTS,
  toolCost,
  UI_TEXTS,
  type GalleryImage,
  type TextToImageRequest,
  type TextToImageStreamEvent,
} from '@act/contracts';
import {
  Alert,
  canAfford,
  RunError,
  runButton,
  useAvailability,
  useRunAnnouncer,
  useStreamedReply,
  type ToolPageProps,
} from '@act/host-sdk';
import { downloadImage, fetchTextToImageAvailable } from '../api/image-api';
import { Gallery } from '../components/gallery';
import { ImagePreview, type PreviewImage } from '../components/image-preview';
import { RunImages } from '../components/run-images';
import { SettingsPanel } from '../components/settings-panel';
import { useGenerationProgress, type GenerationPhase } from '../hooks/use-generation-progress';
import {
  checkSettings,
  DEFAULT_SETTINGS,
  settingsOf,
  type ImageSettings,
  type SettingsErrors,
} from '../settings';
import './text-to-image-page.css';

const T = UI_TEXTS.textToImage;

const PRICE = toolCost('text-to-image');

type RunImage = PreviewImage & { thumbnailPath: string };

interface RunView {
  image: PreviewImage | null;
  /** Every image of the finished run (the first is `image`). */
  images: RunImage[];
  /** The provider's last reported percentage during this run. */
  percentage: number | undefined;
  status: string | null;
  error: string | null;
}

/** What the stream's events so far say: queue and render progress, then the image or the error. */
export function runFromEvents(events: readonly TextToImageStreamEvent[]): RunView {
  const view: RunView = { image: null, images: [], percentage: undefined, status: null, error: null };
  for (const event of events) {
    if (event.type === 'progress') {
      if (event.percentage !== undefined) view.percentage = event.percentage;
      view.status =
        event.status === 'IN_QUEUE'
          ? event.queuePosition === undefined
            ? T.inQueue
            : T.queuePosition(event.queuePosition)
          : T.generating;
    } else if (event.type === 'done') {
      view.images = event.images.map((image) => ({
        id: image.id,
        imagePath: image.imagePath,
        thumbnailPath: image.thumbnailPath,
        downloadPath: image.downloadPath,
        width: image.width,
        height: image.height,
        imageFormat: image.imageFormat,
        seed: image.seed,
      }));
      view.image = view.images[0] ?? null;
    } else {
      view.error = event.error;
    }
  }
  return view;
}

export function TextToImagePage({ host }: ToolPageProps) {
  const availability = useAvailability((signal) => fetchTextToImageAvailable(host.api, signal), [host.api]);
  const [settings, setSettings] = useState<ImageSettings>(DEFAULT_SETTINGS);
  const [errors, setErrors] = useState<SettingsErrors>({});
  // The image in the preview (the last one made, kept while the next is made) and the request that made it.
  const [shown, setShown] = useState<PreviewImage | null>(null);
  const [lastRequest, setLastRequest] = useState<TextToImageRequest | null>(null);
  const [runImages, setRunImages] = useState<RunImage[]>([]);
  const [imageLoaded, setImageLoaded] = useState(true);
  const promptRef = useRef<HTMLTextAreaElement>(null);

  // The preview's progress is not a live region: the start, each quarter and the image are announced.
  const announcer = useRunAnnouncer();
  const reply = useStreamedReply(host.api, IMAGE_ENDPOINTS.generateImage, {
    onCreditsChange: host.onCreditsChange,
    onEvent: (event) => {
      if (event.type === 'progress' && event.percentage !== undefined) announcer.progress(event.percentage);
      if (event.type !== 'done') return;
      announcer.finished();
      const done = runFromEvents([event]);
      setRunImages(done.images);
      setShown(done.image);
      setImageLoaded(false);
      window.dispatchEvent(new Event(GALLERY_UPDATED_EVENT));
    },
  });
  const busy = reply.streaming;
  const run = runFromEvents(reply.events);
  const error = reply.error?.message ?? run.error;
  const phase: GenerationPhase = busy ? 'running' : run.image && !imageLoaded ? 'done' : 'idle';
  const progress = useGenerationProgress(phase, run.percentage);
  const count = settings.numImages;
  const affordable =
    canAfford(host, 'text-to-image') && (host.user === null || host.credits >= count * PRICE);

  const start = (request: TextToImageRequest) => {
    setLastRequest(request);
    announcer.started();
    void reply.start({ body: request });
  };

  const generate = () => {
    const checked = checkSettings(settings);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    start(checked.request);
  };

  // Regenerate: the same request again with the seed the last image was made with.
  const regenerate = () => {
    if (!lastRequest || !shown) return;
    start({ ...lastRequest, seed: shown.seed });
  };

  const useSettings = (image: GalleryImage) => {
    setSettings(settingsOf(image, settings.numImages));
    setErrors({});
    promptRef.current?.focus();
    promptRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  };

  const notices = (
    <>
      {availability === 'unavailable' && <Alert variant="info">{ERROR_TEXTS.image.providerKeyMissing}</Alert>}
      {availability !== 'unavailable' && !affordable && (
        <Alert variant="error">
          {count === 1
            ? ERROR_TEXTS.validation.insufficientCreditsTextToImage
            : ERROR_TEXTS.image.insufficientCreditsImages(count, count * PRICE)}
        </Alert>
      )}
      <RunError error={error} needsSignup={reply.error?.needsSignup === true} host={host} />
    </>
  );

  return (
    <div className="act-stack img-page">
      <div className="act-tool-layout">
        <SettingsPanel
          settings={settings}
          onChange={(next) => {
            setSettings(next);
            if (Object.keys(errors).length > 0) setErrors({});
          }}
          errors={errors}
          busy={busy}
          button={runButton({
            busy,
            affordable,
            ready: T.generateCount(count, count * PRICE),
            blocked: availability === 'unavailable',
          })}
          onGenerate={generate}
          promptRef={promptRef}
          notices={notices}
        />
        <ImagePreview
          image={shown}
          progress={phase === 'idle' ? null : progress}
          status={phase === 'running' ? run.status : null}
          busy={busy}
          canRegenerate={lastRequest !== null && affordable && availability !== 'unavailable'}
          onRegenerate={regenerate}
          onDownload={() => {
            if (shown)
              void downloadImage({
                id: shown.id,
                downloadPath: shown.downloadPath,
                format: shown.imageFormat,
              });
          }}
          onImageLoaded={() => setImageLoaded(true)}
          below={
            busy ? null : (
              <RunImages
                images={runImages}
                asked={lastRequest?.numImages ?? 1}
                shownId={shown?.id ?? null}
                onShow={(image) => {
                  setShown(image);
                  setImageLoaded(false);
                }}
              />
            )
          }
        />
      </div>
      <Gallery
        api={host.api}
        onUseSettings={useSettings}
        onDeleted={(id) => {
          setRunImages((images) => images.filter((image) => image.id !== id));
          if (shown?.id === id) {
            setShown(null);
            setLastRequest(null);
          }
        }}
      />
    </div>
  );
}
