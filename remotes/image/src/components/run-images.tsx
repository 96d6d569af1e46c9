// The images of one text-to-image run (docs/product-rules.md#images-per-run): with more than one, a row of
// thumbnails under the preview chooses which the preview shows (each is also its own gallery item); when the
// provider returned fewer than asked for, it says so and that the missing ones were refunded.
import { toolCost, UI_TEXTS } from '@act/contracts';
import type { PreviewImage } from './image-preview';
import './image-preview.css';

const T = UI_TEXTS.textToImage;

export interface RunImagesProps {
  images: readonly (PreviewImage & { thumbnailPath: string })[];
  /** How many the run asked for. */
  asked: number;
  shownId: string | null;
  onShow(image: PreviewImage): void;
}

export function RunImages({ images, asked, shownId, onShow }: RunImagesProps) {
  const missing = asked - images.length;
  if (images.length < 2 && missing <= 0) return null;
  return (
    <section className="act-stack img-run" aria-label={T.resultsTitle}>
      {images.length > 1 && (
        <ul className="img-run__list">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className="img-run__button"
                aria-pressed={image.id === shownId}
                aria-label={T.showResult(index + 1, images.length)}
                onClick={() => onShow(image)}
              >
                <img src={image.thumbnailPath} alt="" width={80} height={80} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {missing > 0 && (
        <p className="img-run__note" role="status">
          {T.fewerImages(images.length, asked, missing * toolCost('text-to-image'))}
        </p>
      )}
    </section>
  );
}
