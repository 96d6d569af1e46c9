// Text to Image (docs/product-rules.md#screens, #states, #validation, #errors, #images-per-run): the settings panel
// (with 1 to 4 images per run; the button's price follows the count), the preview with its progress bar (moved by the
// provider's queue progress when it reports one), zoom, Regenerate with the same seed and Download, the run's images
// to choose from, and the member's gallery. 20 credits per image; the notice that the server has no provider key
// shows before the member types. The library's `?open=<id>` shows that stored picture with its settings.
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
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
  FromItemNotice,
  RunError,
  runButton,
  SendToMenu,
  useAvailability,
  useFromItem,
  useRunAnnouncer,
  useStreamedReply,
  type FromItemState,
  type ToolPageProps,
} from '@act/host-sdk';
import { downloadImage, fetchTextToImageAvailable } from '../api/image-api';
import { Gallery } from '../components/gallery';
import { ImagePreview, type PreviewImage } from '../components/image-preview';
import { RunImages } from '../components/run-images';
import { SettingsPanel } from '../components/settings-panel';
import { useGenerationProgress, type GenerationPhase } from '../hooks/use-generation-progress';
import { previewOf, useOpenedImage } from '../hooks/use-opened-image';
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

interface NoticesProps {
  host: ToolPageProps['host'];
  from: FromItemState;
  /** `?open=` named a picture that could not be shown. */
  openError: string | null;
  unavailable: boolean;
  affordable: boolean;
  count: number;
  error: string | null;
  needsSignup: boolean;
}

/** Above the button: the `?from=` note, the missing provider key, the balance too low for the count, the run's error. */
function Notices({
  host,
  from,
  openError,
  unavailable,
  affordable,
  count,
  error,
  needsSignup,
}: NoticesProps) {
  return (
    <>
      <FromItemNotice state={from} />
      {openError && <Alert variant="error">{openError}</Alert>}
      {unavailable && <Alert variant="info">{ERROR_TEXTS.image.providerKeyMissing}</Alert>}
      {!unavailable && !affordable && (
        <Alert variant="error">
          {count === 1
            ? ERROR_TEXTS.validation.insufficientCreditsTextToImage
            : ERROR_TEXTS.image.insufficientCreditsImages(count, count * PRICE)}
        </Alert>
      )}
      <RunError error={error} needsSignup={needsSignup} host={host} />
    </>
  );
}

/** The shown image's Send to menu (docs/product-rules.md#send-to). */
function ImageSendTo({ host, id }: { host: ToolPageProps['host']; id: string }) {
  return <SendToMenu itemId={id} kind="image" fromTool="text-to-image" navigate={host.navigate} size="md" />;
}

/** `?from=<library item>`: a stored prompt becomes this prompt (cut to its limit, with a note). */
function useFromPrompt(host: ToolPageProps['host'], setSettings: Dispatch<SetStateAction<ImageSettings>>) {
  return useFromItem(host, ({ text }) => {
    if (text !== undefined) setSettings((current) => ({ ...current, prompt: text }));
  });
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
  const from = useFromPrompt(host, setSettings);
  const openError = useOpenedImage(host, (image) => {
    setSettings(settingsOf(image));
    setShown(previewOf(image));
  });

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
          notices={
            <Notices
              host={host}
              from={from}
              openError={openError}
              unavailable={availability === 'unavailable'}
              affordable={affordable}
              count={count}
              error={error ?? null}
              needsSignup={reply.error?.needsSignup === true}
            />
          }
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
          sendTo={shown && <ImageSendTo host={host} id={shown.id} />}
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
