// The thumbnail downloader (docs/product-rules.md#endpoints): the request, the sizes YouTube serves and where they
// are fetched from, and the query of the download route. Part of the youtube family (youtube.ts).
import { z } from 'zod';
import { ERROR_TEXTS } from '../errors';
import { remainingCreditsField, successReply, ToolNameFieldSchema } from './common';
import { YOUTUBE_VIDEO_ID, YoutubeThumbnailUrlSchema } from './youtube-links';

const V = ERROR_TEXTS.validation;

export const GetThumbnailsRequestSchema = z.object({
  videoUrl: YoutubeThumbnailUrlSchema,
  toolName: ToolNameFieldSchema,
});
export type GetThumbnailsRequest = z.infer<typeof GetThumbnailsRequestSchema>;

export const ThumbnailSchema = z.object({ url: z.string(), label: z.string(), resolution: z.string() });
export type Thumbnail = z.infer<typeof ThumbnailSchema>;

export const GetThumbnailsReplySchema = successReply({
  videoId: z.string(),
  thumbnails: z.array(ThumbnailSchema),
  ...remainingCreditsField,
});
export type GetThumbnailsReply = z.infer<typeof GetThumbnailsReplySchema>;

/** The standard thumbnails YouTube serves, largest first; `size` names one in the download route. */
export const YOUTUBE_THUMBNAIL_SIZES = [
  { size: 'maxres', file: 'maxresdefault.jpg', label: 'Max Resolution', resolution: '1280x720' },
  { size: 'sd', file: 'sddefault.jpg', label: 'Standard Definition', resolution: '640x480' },
  { size: 'hq', file: 'hqdefault.jpg', label: 'High Quality', resolution: '480x360' },
  { size: 'mq', file: 'mqdefault.jpg', label: 'Medium Quality', resolution: '320x180' },
  { size: 'default', file: 'default.jpg', label: 'Default', resolution: '120x90' },
] as const;
export type YoutubeThumbnailSize = (typeof YOUTUBE_THUMBNAIL_SIZES)[number]['size'];

/** The only host thumbnails are shown from and downloaded from (through the service's download route). */
export const YOUTUBE_THUMBNAIL_HOST = 'i.ytimg.com';

export function youtubeThumbnailUrl(videoId: string, file: string): string {
  return `https://${YOUTUBE_THUMBNAIL_HOST}/vi/${videoId}/${file}`;
}

export function youtubeThumbnails(videoId: string): Thumbnail[] {
  return YOUTUBE_THUMBNAIL_SIZES.map((s) => ({
    url: youtubeThumbnailUrl(videoId, s.file),
    label: s.label,
    resolution: s.resolution,
  }));
}

export const ThumbnailDownloadQuerySchema = z.object({
  videoId: z
    .string({ error: () => V.invalidYoutubeUrl })
    .regex(YOUTUBE_VIDEO_ID, { error: () => V.invalidYoutubeUrl }),
  size: z.enum(
    YOUTUBE_THUMBNAIL_SIZES.map((s) => s.size),
    { error: () => V.invalidRequest },
  ),
});
export type ThumbnailDownloadQuery = z.infer<typeof ThumbnailDownloadQuerySchema>;
