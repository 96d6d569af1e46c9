// Image picker of the prompt tools: drag and drop or click (and Enter/Space) to choose, then a preview with a remove
// control and the file's name and size in KB. Everything is disabled while a generation runs.
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ImageUp, X } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button, formatFileSizeKb } from '@act/host-sdk';
import { PROMPT_IMAGE_ACCEPT, type ImageUpload } from '../hooks/use-image-upload';

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
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const { image, error, reading } = upload;
  const inactive = disabled || reading;

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
    <div className="pr-upload">
      <input
        ref={inputRef}
        type="file"
        accept={PROMPT_IMAGE_ACCEPT}
        className="pr-upload__input"
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
          className="pr-upload__preview"
          data-dragging={dragging || undefined}
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <div className="pr-upload__frame">
            <img className="pr-upload__image" src={image.dataUrl} alt={`Preview of ${image.name}`} />
            {removeStyle === 'icon' && (
              <button
                type="button"
                className="pr-upload__remove"
                aria-label={removeLabel}
                title={removeLabel}
                onClick={remove}
                disabled={disabled}
              >
                <X size={16} aria-hidden />
              </button>
            )}
          </div>
          <div className="pr-upload__meta">
            <span className="pr-upload__name" title={image.name}>
              {image.name}
            </span>
            <span className="pr-upload__size">{formatFileSizeKb(image.size)}</span>
            {removeStyle === 'button' && (
              <Button variant="outline" size="sm" onClick={remove} disabled={disabled}>
                {removeLabel}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div
          role="button"
          tabIndex={inactive ? -1 : 0}
          aria-disabled={inactive || undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="pr-dropzone"
          data-dragging={dragging || undefined}
          onClick={openPicker}
          onKeyDown={onKeyDown}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <ImageUp className="pr-dropzone__icon" size={32} aria-hidden />
          <span className="pr-dropzone__title">{UI_TEXTS.common.dragAndDrop}</span>
          <span id={hintId} className="pr-dropzone__hint">
            {UI_TEXTS.common.imageUploadHint}
          </span>
        </div>
      )}

      {error && (
        <p id={errorId} className="pr-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
