// One image of the Text to Image gallery (docs/product-rules.md#screens): its thumbnail opening the lightbox, its
// prompt and model, Favourite, and the controls of boards and comparing the gallery passes in
// (docs/product-rules.md#image-boards); and the facts the lightbox lists under the image.
import type { ReactNode } from 'react';
import { Heart } from 'lucide-react';
import {
  ASPECT_RATIOS,
  IMAGE_FORMATS,
  IMAGE_MODELS,
  IMAGE_STYLES,
  UI_TEXTS,
  type GalleryImage,
} from '@act/contracts';
import type { ComparedImage } from '../boards/compare-dialog';
import { ImageCard } from './image-card';

const T = UI_TEXTS.textToImage;

const labelOf = <Id extends string>(options: readonly { id: Id; label: string }[], id: Id | null) =>
  options.find((o) => o.id === id)?.label ?? '';

export interface GalleryCardProps {
  image: GalleryImage;
  favouriteBusy: boolean;
  onOpen(): void;
  onToggleFavourite(): void;
  boardMenu: ReactNode;
  compare: ReactNode;
}

export function GalleryCard({
  image,
  favouriteBusy,
  onOpen,
  onToggleFavourite,
  boardMenu,
  compare,
}: GalleryCardProps) {
  return (
    <ImageCard
      prompt={image.positive_prompt}
      picture={
        <button
          type="button"
          className="img-card__open"
          aria-label={T.openImage(image.positive_prompt)}
          onClick={onOpen}
        >
          <img
            className="img-card__thumb"
            src={image.thumbnail_path}
            alt={image.positive_prompt}
            width={image.width}
            height={image.height}
            decoding="async"
          />
        </button>
      }
      caption={<span className="img-card__model">{labelOf(IMAGE_MODELS, image.model_name)}</span>}
      overlay={
        <>
          <button
            type="button"
            className="img-card__favourite"
            aria-pressed={image.favourite}
            aria-label={image.favourite ? T.unfavourite : T.favourite}
            disabled={favouriteBusy}
            onClick={onToggleFavourite}
          >
            <Heart size={16} aria-hidden fill={image.favourite ? 'currentColor' : 'none'} />
          </button>
          {boardMenu}
          {compare}
        </>
      }
    />
  );
}

/** A gallery image as one side of the comparison. */
export const comparedOf = (image: GalleryImage, label: string): ComparedImage => ({
  src: image.image_path,
  alt: image.positive_prompt,
  width: image.width,
  height: image.height,
  label,
});

export function ImageFacts({ image }: { image: GalleryImage }) {
  const facts: [string, string][] = [
    [T.modelLabel, labelOf(IMAGE_MODELS, image.model_name)],
    [T.styleLabel, image.style ? labelOf(IMAGE_STYLES, image.style) : T.noStyle],
    [T.aspectRatioLabel, `${labelOf(ASPECT_RATIOS, image.aspect_ratio)} (${image.width}×${image.height})`],
    [T.formatLabel, labelOf(IMAGE_FORMATS, image.image_format)],
    [T.seedLabel, String(image.seed)],
  ];
  if (image.negative_prompt) facts.push([T.negativePromptLabel, image.negative_prompt]);
  return (
    <dl className="img-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="img-facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
