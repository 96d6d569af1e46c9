// Calls of the image tools through the host's API client (gateway → image service), typed by the contracts: whether
// text to image can generate, the member's gallery pages, favourite and delete, and saving an image under the spec's
// name. A failure the server did not word shows the endpoint's text (failureTextOf in the contracts).
import {
  ERROR_TEXTS,
  IMAGE_ENDPOINTS,
  textToImageDownloadName,
  UI_TEXTS,
  type GalleryImage,
  type ImageFormat,
  type ImageModelId,
} from '@act/contracts';
import { downloadFile, toast, type ApiClient, type CursorPage } from '@act/host-sdk';

const E = IMAGE_ENDPOINTS;

/** True when the image service has a provider key; an unanswered check counts as available (generate then says). */
export async function fetchTextToImageAvailable(api: ApiClient, signal: AbortSignal): Promise<boolean> {
  const reply = await api.call(E.status, { signal });
  return reply.available;
}

export interface GalleryFilters {
  /** Server-side search over the prompt; '' for none. */
  q: string;
  model: ImageModelId | null;
  favourites: boolean;
  /** Ours: one of the member's boards (docs/product-rules.md#image-boards); absent or null for all images. */
  board?: string | null;
}

export const NO_FILTERS: GalleryFilters = { q: '', model: null, favourites: false };

export function hasFilters(filters: GalleryFilters): boolean {
  return filters.q.trim() !== '' || filters.model !== null || filters.favourites;
}

export async function fetchGalleryPage(
  api: ApiClient,
  filters: GalleryFilters,
  cursor: string | null,
  signal: AbortSignal,
): Promise<CursorPage<GalleryImage>> {
  const reply = await api.call(E.images, {
    // One page: 8 images after `cursor`, newest first; filters not set are not sent.
    query: {
      cursor: cursor ?? undefined,
      q: filters.q.trim(),
      model: filters.model ?? undefined,
      favourites: filters.favourites ? 'true' : undefined,
      board: filters.board ?? undefined,
    },
    signal,
  });
  return { items: reply.images, nextCursor: reply.nextCursor ?? null };
}

export async function setFavourite(api: ApiClient, id: string, favourite: boolean): Promise<GalleryImage> {
  const reply = await api.call(E.updateImage, {
    params: { id },
    body: { favourite },
  });
  return reply.image;
}

export async function deleteImage(api: ApiClient, id: string): Promise<void> {
  await api.call(E.deleteImage, { params: { id } });
}

/**
 * Saves an image through its signed download URL under image-{id}.{format}, then says 'Image downloaded!'; a failure
 * says 'Failed to download image' (docs/product-rules.md#errors toasts).
 */
export async function downloadImage(image: { id: string; downloadPath: string; format: ImageFormat }) {
  try {
    await downloadFile(
      image.downloadPath,
      textToImageDownloadName(image.id, image.format),
      ERROR_TEXTS.ui.downloadImage,
    );
    toast({ title: UI_TEXTS.gallery.imageDownloaded, variant: 'success' });
  } catch (err) {
    toast({ title: err instanceof Error ? err.message : ERROR_TEXTS.ui.downloadImage, variant: 'error' });
  }
}

/** One of the member's text-to-image pictures, re-signed (the library's `?open=<id>`); 404 for another member's. */
export async function fetchImage(api: ApiClient, id: string, signal: AbortSignal): Promise<GalleryImage> {
  return (await api.call(E.image, { params: { id }, signal })).image;
}
