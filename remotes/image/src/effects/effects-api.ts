// Calls of the photo effects' screens and the hub through the host's API client (gateway → image service), typed by
// the contracts: which effects can run here, the hub gallery's offset pages, and saving a result under the spec's file
// name. One effect's run is `api.call(effect.endpoint, …)` in effect-screen.tsx.
import {
  effectDownloadName,
  ERROR_TEXTS,
  IMAGE_ENDPOINTS,
  UI_TEXTS,
  type GeneratedImage,
  type GeneratedImageToolId,
  type PhotoEffectReply,
  type PhotoEffectToolId,
} from '@act/contracts';
import { downloadFile, toast, type ApiClient } from '@act/host-sdk';

const E = IMAGE_ENDPOINTS;

/**
 * Per effect, whether it can run on this server (with a provider key all can; without one only those done locally).
 * An effect the reply does not name counts as available: running it then reports the real failure.
 */
export async function fetchEffectAvailability(
  api: ApiClient,
  signal: AbortSignal,
): Promise<Partial<Record<PhotoEffectToolId, boolean>>> {
  const reply = await api.call(E.status, { signal });
  return (reply.effects ?? {}) as Partial<Record<PhotoEffectToolId, boolean>>;
}

export interface HubPage {
  images: GeneratedImage[];
  hasMore: boolean;
}

/** One hub page: `limit` (8) of the member's image-to-image results after `offset`, newest first. */
export async function fetchHubPage(
  api: ApiClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<HubPage> {
  const reply = await api.call(E.generatedImages, {
    query: { offset, limit },
    fallbackError: ERROR_TEXTS.network.fetchImages,
    signal,
  });
  return { images: reply.images, hasMore: reply.hasMore };
}

/** The name a signed download URL was signed with (its `dl`), else the spec's tool-name-timestamp.jpg. */
export function downloadNameOf(
  url: string,
  tool: GeneratedImageToolId,
  at: Date | string = new Date(),
): string {
  try {
    const name = new URL(url, 'http://localhost').searchParams.get('dl');
    if (name) return name;
  } catch {
    // Not a URL we can read: fall back to the spec's name.
  }
  return effectDownloadName(tool, at);
}

/** Saves a result through its signed download URL, then says 'Image downloaded!' or 'Failed to download image'. */
export async function saveResult(url: string, tool: GeneratedImageToolId, at?: Date | string): Promise<void> {
  try {
    await downloadFile(url, downloadNameOf(url, tool, at), ERROR_TEXTS.ui.downloadImage);
    toast({ title: UI_TEXTS.gallery.imageDownloaded, variant: 'success' });
  } catch (err) {
    toast({ title: err instanceof Error ? err.message : ERROR_TEXTS.ui.downloadImage, variant: 'error' });
  }
}

/**
 * One of the member's effect results (the library's `?open=<id>`), as the effect screen shows a run's reply; 404 for
 * another member's. Nothing was charged, so there is no new balance.
 */
export async function fetchEffectResult(
  api: ApiClient,
  id: string,
  signal: AbortSignal,
): Promise<{ tool: GeneratedImageToolId; reply: PhotoEffectReply }> {
  const { image } = await api.call(E.generatedImage, { params: { id }, signal });
  return {
    tool: image.tool_id,
    reply: {
      success: true,
      id: image.id,
      processedImageUrl: image.image_url,
      originalImageUrl: image.original_url,
      downloadUrl: image.download_url,
      width: image.width,
      height: image.height,
      remainingCredits: null,
    },
  };
}
