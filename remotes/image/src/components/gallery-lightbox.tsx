// A gallery image in the lightbox (docs/product-rules.md#screens): titled with its prompt, the keyboard arrows between
// images, its facts, then Download, Favourite, Use settings and Delete (which asks first).
import { Download, Heart, SlidersHorizontal, Trash2 } from 'lucide-react';
import { UI_TEXTS, type GalleryImage } from '@act/contracts';
import { Button, ImageLightbox } from '@act/host-sdk';
import { downloadImage } from '../api/image-api';
import { ImageFacts } from './gallery-card';

const T = UI_TEXTS.textToImage;
const C = UI_TEXTS.common;

export interface GalleryLightboxProps {
  image: GalleryImage;
  onClose(): void;
  /** Null at either end of the loaded images. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  favouriteBusy: boolean;
  onToggleFavourite(): void;
  onUseSettings(): void;
  onDelete(): void;
}

export function GalleryLightbox({ image, favouriteBusy, ...on }: GalleryLightboxProps) {
  return (
    <ImageLightbox
      open
      onClose={on.onClose}
      title={image.positive_prompt}
      src={image.image_path}
      alt={image.positive_prompt}
      width={image.width}
      height={image.height}
      onPrevious={on.onPrevious}
      onNext={on.onNext}
      previousLabel={T.previous}
      nextLabel={T.next}
    >
      <ImageFacts image={image} />
      <div className="img-lightbox__actions">
        <Button
          variant="outline"
          onClick={() =>
            void downloadImage({
              id: image.id,
              downloadPath: image.download_path,
              format: image.image_format,
            })
          }
        >
          <Download size={16} aria-hidden />
          {C.download}
        </Button>
        <Button
          variant="outline"
          aria-pressed={image.favourite}
          disabled={favouriteBusy}
          onClick={on.onToggleFavourite}
        >
          <Heart size={16} aria-hidden fill={image.favourite ? 'currentColor' : 'none'} />
          {image.favourite ? T.unfavourite : T.favourite}
        </Button>
        <Button variant="outline" onClick={on.onUseSettings}>
          <SlidersHorizontal size={16} aria-hidden />
          {T.useSettings}
        </Button>
        <Button variant="danger" onClick={on.onDelete}>
          <Trash2 size={16} aria-hidden />
          {C.delete}
        </Button>
      </div>
    </ImageLightbox>
  );
}
