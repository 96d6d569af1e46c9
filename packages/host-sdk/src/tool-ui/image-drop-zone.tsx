// Image picker of the tool pages: drag and drop or click (and Enter/Space) to choose, then a preview with a remove
// control and the file's name and size in KB. Everything is disabled while a generation runs. The zone is one
// focusable button named by its text and the accepted types; when choosing or removing swaps the zone and the preview,
// focus follows to the one now shown instead of falling back to the top of the page
// (docs/architecture.md#keyboard-and-focus).
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ImageUp, X } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { formatFileSizeKb, IMAGE_ACCEPT } from '../file-checks';
import { Button } from '../ui/button';
import type { ImageUpload } from './use-image-upload';

export interface ImageDropZoneProps {
  upload: ImageUpload;
  disabled?: boolean;
  /** Called after the image is removed, so the page can reset its result. */
  onRemove?(): void;
  /** 'icon': a round × on the preview (aria-label Remove); 'button': a visible text button such as 'Clear Image'. */
  removeStyle?: 'icon' | 'button';
  removeLabel?: string;
}

function firstFile(list: FileList | null | undefined): File | undefined {
  return list && list.length > 0 ? (list[0] ?? undefined) : undefined;
}

export function ImageDropZone({
  upload,
  disabled = false,
  onRemove,
  removeStyle = 'icon',
  removeLabel = UI_TEXTS.common.remove,
}: ImageDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const zoneRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const { image, error, reading } = upload;
  const inactive = disabled || reading;

  // The element that had focus (the zone, or Remove in the preview) has just been replaced: focus its successor.
  const shown = image ? 'preview' : 'zone';
  const lastShown = useRef(shown);
  useEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    if (document.activeElement && document.activeElement !== document.body) return;
    (shown === 'preview' ? previewRef : zoneRef).current?.focus();
  }, [shown]);

  const openPicker = () => {
    if (!inactive) inputRef.current?.click();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (!inactive) setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = firstFile(event.dataTransfer?.files);
    if (file && !inactive) void upload.select(file);
  };

  const remove = () => {
    upload.clear();
    if (inputRef.current) inputRef.current.value = '';
    onRemove?.();
  };

  return (
    <div className="act-upload">
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="act-upload__input"
        aria-label={UI_TEXTS.common.dragAndDrop}
        tabIndex={-1}
        disabled={inactive}
        onChange={(event) => {
          const file = firstFile(event.target.files);
          if (file) void upload.select(file);
          // Choosing the same file again after removing it must fire change again.
          event.target.value = '';
        }}
      />

      {image ? (
        <div
          ref={previewRef}
          role="group"
          aria-label={image.name}
          tabIndex={-1}
          className="act-upload__preview"
          data-dragging={dragging || undefined}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <div className="act-upload__frame">
            <img className="act-upload__image" src={image.dataUrl} alt={`Preview of ${image.name}`} />
            {removeStyle === 'icon' && (
              <button
                type="button"
                className="act-upload__remove"
                aria-label={removeLabel}
                title={removeLabel}
                onClick={remove}
                disabled={disabled}
              >
                <X size={16} aria-hidden />
              </button>
            )}
          </div>
          {/* pr-upload__name/size: the prompt remote's former class names, which its e2e suite reads. */}
          <div className="act-upload__meta">
            <span className="act-upload__name pr-upload__name" title={image.name}>
              {image.name}
            </span>
            <span className="act-upload__size pr-upload__size">{formatFileSizeKb(image.size)}</span>
            {removeStyle === 'button' && (
              <Button variant="outline" size="sm" onClick={remove} disabled={disabled}>
                {removeLabel}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div
          ref={zoneRef}
          role="button"
          tabIndex={inactive ? -1 : 0}
          aria-disabled={inactive || undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="act-dropzone"
          data-dragging={dragging || undefined}
          onClick={openPicker}
          onKeyDown={onKeyDown}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <ImageUp className="act-dropzone__icon" size={32} aria-hidden />
          <span className="act-dropzone__title">{UI_TEXTS.common.dragAndDrop}</span>
          <span id={hintId} className="act-dropzone__hint">
            {UI_TEXTS.common.imageUploadHint}
          </span>
        </div>
      )}

      {error && (
        <p id={errorId} className="act-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
