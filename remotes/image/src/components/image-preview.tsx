// The Text to Image preview (docs/product-rules.md#screens, #states): the progress bar while the image is made, the
// image under a loading overlay until it has loaded, zoom from 0.25 to 3 in steps of 0.25 with reset, and Regenerate
// (same seed) and Download.
import { useState, type ReactNode } from 'react';
import { Download, RefreshCw, RotateCcw, ZoomIn, ZoomOut } from 'lucide-react';
import { LIMITS, UI_TEXTS, type ImageFormat } from '@act/contracts';
import { Button, Progress, Spinner } from '@act/host-sdk';
import './image-preview.css';

const T = UI_TEXTS.textToImage;
const Z = LIMITS.zoom;

export interface PreviewImage {
  id: string;
  imagePath: string;
  downloadPath: string;
  width: number;
  height: number;
  imageFormat: ImageFormat;
  seed: number;
}

/** The zoom after one step in or out, kept within 0.25–3. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = Math.round((zoom + direction * Z.step) / Z.step) * Z.step;
  return Math.min(Z.max, Math.max(Z.min, next));
}

export interface ImagePreviewProps {
  image: PreviewImage | null;
  /** 0–100 while generating (and at 100 until the new image has loaded); null hides the bar. */
  progress: number | null;
  /** What the provider says about the run (queue position, generating). */
  status: string | null;
  busy: boolean;
  canRegenerate: boolean;
  onRegenerate(): void;
  onDownload(): void;
  /** Called once the shown image has loaded (the page hides the finished progress bar). */
  onImageLoaded?(): void;
  /** Shown under the preview (the run's other images). */
  below?: ReactNode;
  /** Beside Download: the shown image's Send to menu. */
  sendTo?: ReactNode;
}

export function ImagePreview(props: ImagePreviewProps) {
  return (
    <section className="act-panel act-stack img-preview" aria-label={T.previewTitle}>
      <h2 className="img-preview__title">{T.previewTitle}</h2>
      {props.progress !== null && (
        <div className="img-preview__progress">
          <Progress value={props.progress} label={T.progressLabel} />
          {/* Not a live region: the page announces start, quarters and the image (docs/architecture.md#status-announcements). */}
          <p className="img-preview__status">
            {props.status ?? T.generating}{' '}
            <span className="img-preview__percent">{Math.round(props.progress)}%</span>
          </p>
        </div>
      )}
      {/* A new image gets a fresh zoom and loading state. */}
      {props.image ? (
        <PreviewBody key={props.image.id} {...props} image={props.image} />
      ) : (
        <div className="img-preview__empty">{props.busy ? <Spinner /> : <p>{T.previewPlaceholder}</p>}</div>
      )}
      {props.below}
    </section>
  );
}

function PreviewBody({
  image,
  busy,
  canRegenerate,
  onRegenerate,
  onDownload,
  onImageLoaded,
  sendTo,
}: ImagePreviewProps & { image: PreviewImage }) {
  const [zoom, setZoom] = useState(1);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      {/* aria-disabled, not disabled, at the limits: a button pressed to its limit keeps the keyboard focus. */}
      <div className="img-preview__toolbar">
        <Button
          variant="outline"
          size="sm"
          aria-label={T.zoomOut}
          aria-disabled={zoom <= Z.min || undefined}
          onClick={() => setZoom((z) => stepZoom(z, -1))}
        >
          <ZoomOut size={16} aria-hidden />
        </Button>
        <span className="img-preview__zoom" aria-live="polite" aria-label={T.zoomLevel}>
          {Math.round(zoom * 100)}%
        </span>
        <Button
          variant="outline"
          size="sm"
          aria-label={T.zoomIn}
          aria-disabled={zoom >= Z.max || undefined}
          onClick={() => setZoom((z) => stepZoom(z, 1))}
        >
          <ZoomIn size={16} aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={T.resetZoom}
          aria-disabled={zoom === 1 || undefined}
          onClick={() => setZoom(1)}
        >
          <RotateCcw size={16} aria-hidden />
        </Button>
      </div>
      <div className="img-preview__viewport">
        <img
          className="img-preview__image"
          src={image.imagePath}
          alt={T.previewAlt}
          width={image.width}
          height={image.height}
          style={{ width: `${zoom * 100}%` }}
          onLoad={() => {
            setLoaded(true);
            onImageLoaded?.();
          }}
          onError={() => {
            setLoaded(true);
            onImageLoaded?.();
          }}
        />
        {!loaded && (
          <div className="img-preview__overlay">
            <Spinner label={T.loadingImage} showLabel />
          </div>
        )}
      </div>
      <div className="img-preview__actions">
        <Button variant="outline" onClick={onRegenerate} disabled={busy || !canRegenerate}>
          <RefreshCw size={16} aria-hidden />
          {T.regenerate}
        </Button>
        <Button variant="primary" onClick={onDownload} disabled={!loaded}>
          <Download size={16} aria-hidden />
          {T.download}
        </Button>
        {!busy && sendTo}
      </div>
    </>
  );
}
