// One image card of the image remote (image-card.css): the text-to-image gallery's images, the hub's results and a
// board's results show the same square picture, the prompt, then a caption or their buttons.
import type { ReactNode } from 'react';
import type { GeneratedImage } from '@act/contracts';
import './image-card.css';

export interface ImageCardProps {
  prompt: string;
  /** The thumbnail (class `img-card__thumb`), alone or inside the button that opens the lightbox (`img-card__open`). */
  picture: ReactNode;
  /** A line under the prompt (the model). */
  caption?: ReactNode;
  /** Buttons under the prompt. */
  actions?: ReactNode;
  /** Round controls laid over the picture's corner (Favourite, boards, compare). */
  overlay?: ReactNode;
}

export function ImageCard({ prompt, picture, caption, actions, overlay }: ImageCardProps) {
  return (
    <li className="img-card">
      {picture}
      <div className="img-card__body">
        <p className="img-card__prompt" title={prompt}>
          {prompt}
        </p>
        {caption}
        {actions && <div className="img-card__actions">{actions}</div>}
      </div>
      {overlay}
    </li>
  );
}

/** The thumbnail of an image-to-image result (the hub's and a board's), loaded as it scrolls into view. */
export function ResultThumb({ image }: { image: GeneratedImage }) {
  return (
    <img
      className="img-card__thumb"
      src={image.thumbnail_url}
      alt={image.positive_prompt}
      loading="lazy"
      width={320}
      height={320}
    />
  );
}
