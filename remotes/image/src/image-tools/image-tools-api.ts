// Calls of Upscale and Edit a region through the host's API client (gateway → image service), typed by the contracts:
// how this server upscales and whether it can edit (status), the member's own images to start from (their
// text-to-image gallery and their hub results, newest first), and the two runs.
import {
  ERROR_TEXTS,
  IMAGE_ENDPOINTS,
  type EditImageRequest,
  type ImageStatusReply,
  type UpscaleRequest,
} from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';

const E = IMAGE_ENDPOINTS;

export async function fetchImageStatus(api: ApiClient, signal: AbortSignal): Promise<ImageStatusReply> {
  return api.call(E.status, { signal });
}

/** One of the member's stored images a tool can start from. */
export interface OwnImage {
  id: string;
  /** Signed URL of the full picture (same origin, so a canvas may read it). */
  url: string;
  thumbnailUrl: string;
  label: string;
  width: number;
  height: number;
  createdAt: string;
}

/** How many of each kind the chooser shows. */
const OWN_IMAGES_LIMIT = 24;

/** The member's latest text-to-image results and hub results, merged newest first. */
export async function fetchOwnImages(api: ApiClient, signal: AbortSignal): Promise<OwnImage[]> {
  const fallbackError = ERROR_TEXTS.network.fetchImages;
  const [gallery, hub] = await Promise.all([
    api.call(E.images, { query: { limit: OWN_IMAGES_LIMIT }, fallbackError, signal }),
    api.call(E.generatedImages, { query: { offset: 0, limit: OWN_IMAGES_LIMIT }, fallbackError, signal }),
  ]);
  const own: OwnImage[] = [
    ...gallery.images.map((image) => ({
      id: image.id,
      url: image.image_path,
      thumbnailUrl: image.thumbnail_path,
      label: image.positive_prompt,
      width: image.width,
      height: image.height,
      createdAt: image.created_at,
    })),
    ...hub.images.map((image) => ({
      id: image.id,
      url: image.image_url,
      thumbnailUrl: image.thumbnail_url,
      label: image.positive_prompt,
      width: image.width,
      height: image.height,
      createdAt: image.created_at,
    })),
  ];
  return own.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The picture a run starts from, as the request names it. */
export type SourceField = { image: string } | { from: string };

export function upscale(api: ApiClient, source: SourceField, scale: UpscaleRequest['scale']) {
  return api.call(E.upscale, {
    body: { ...source, scale, toolName: 'upscale' },
    fallbackError: ERROR_TEXTS.image.upscaleFailed,
  });
}

export function editImage(api: ApiClient, source: SourceField, mask: string, prompt: string) {
  const body: EditImageRequest = { ...source, mask, prompt: prompt.trim(), toolName: 'edit-image' };
  return api.call(E.editImage, { body, fallbackError: ERROR_TEXTS.image.editFailed });
}
