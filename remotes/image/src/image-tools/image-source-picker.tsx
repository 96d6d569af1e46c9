// The picture chooser of Upscale and Edit a region: Upload (drag and drop, with the family's type and size checks)
// or Your images (the member's latest text-to-image and hub results as a radio group of thumbnails).
import { useEffect, useState } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { ImageDropZone, SegmentedControl, Spinner, type ApiClient } from '@act/host-sdk';
import { fetchOwnImages, type OwnImage } from './image-tools-api';
import type { PictureSource, SourceMode } from './use-picture-source';
import './image-tools.css';

const S = UI_TEXTS.imageSource;

export interface ImageSourcePickerProps {
  api: ApiClient;
  source: PictureSource;
  label: string;
  disabled?: boolean;
  /** A new picture (or none) was chosen: the page resets its result. */
  onChange(): void;
}

export function ImageSourcePicker({ api, source, label, disabled, onChange }: ImageSourcePickerProps) {
  return (
    <div className="act-stack it-source">
      <span className="act-label">{label}</span>
      <SegmentedControl<SourceMode>
        label={S.sourceChoice}
        value={source.mode}
        onValueChange={(mode) => {
          source.setMode(mode);
          onChange();
        }}
        options={[
          { value: 'upload', label: S.upload },
          { value: 'yours', label: S.yours },
        ]}
      />
      {source.mode === 'upload' ? (
        <ImageDropZone upload={source.upload} disabled={disabled} onRemove={onChange} />
      ) : (
        <OwnImages
          api={api}
          chosen={source.chosen}
          disabled={disabled}
          onChoose={(image) => {
            source.choose(image);
            onChange();
          }}
        />
      )}
    </div>
  );
}

function OwnImages({
  api,
  chosen,
  disabled,
  onChoose,
}: {
  api: ApiClient;
  chosen: OwnImage | null;
  disabled?: boolean | undefined;
  onChoose(image: OwnImage): void;
}) {
  const [images, setImages] = useState<OwnImage[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchOwnImages(api, controller.signal).then(setImages, (error: unknown) => {
      if (!controller.signal.aborted) setFailed(error instanceof Error ? error.message : String(error));
    });
    return () => controller.abort();
  }, [api]);

  if (failed) return <p className="it-source__empty">{failed}</p>;
  if (!images) return <Spinner label={UI_TEXTS.textToImage.loadingMore} showLabel />;
  if (images.length === 0) return <p className="it-source__empty">{S.none}</p>;
  return (
    <fieldset className="it-source__grid" disabled={disabled}>
      <legend className="act-sr-only">{S.chooseLabel}</legend>
      {images.map((image) => (
        <label key={image.id} className="it-source__item">
          <input
            type="radio"
            name="it-source"
            className="it-source__radio"
            checked={chosen?.id === image.id}
            onChange={() => onChoose(image)}
          />
          <img src={image.thumbnailUrl} alt={S.pick(image.label)} width={96} height={96} loading="lazy" />
        </label>
      ))}
    </fieldset>
  );
}
