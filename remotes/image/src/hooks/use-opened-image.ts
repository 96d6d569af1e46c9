// Text to Image's `?open=<id>` (docs/product-rules.md#library-open): the member's stored picture, read from the image
// service (404 for another member's), as the preview shows it.
import type { GalleryImage } from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';
import { fetchImage } from '../api/image-api';
import type { PreviewImage } from '../components/image-preview';
import { useOpenedResult } from './use-opened-result';

/** A gallery image as the preview shows it. */
export function previewOf(image: GalleryImage): PreviewImage {
  return {
    id: image.id,
    imagePath: image.image_path,
    downloadPath: image.download_path,
    width: image.width,
    height: image.height,
    imageFormat: image.image_format,
    seed: image.seed,
  };
}

/** `?open=<id>`: the member's stored picture in the preview, with the settings it was made with. */
export function useOpenedImage(host: ToolHost, open: (image: GalleryImage) => void) {
  return useOpenedResult(
    host,
    (id, signal) => fetchImage(host.api, id, signal),
    (image) => (open(image), true),
  );
}
