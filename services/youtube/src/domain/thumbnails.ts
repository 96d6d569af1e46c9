// Thumbnails: the five standard sizes, with those YouTube does not have for a video left out when i.ytimg.com can be
// reached (checked once per video and cached), all five listed when it cannot. Download fetches only
// https://i.ytimg.com/vi/<id>/<file> (never a URL from the request) and hands the bytes back as a `.jpg`.
import {
  YOUTUBE_THUMBNAIL_SIZES,
  youtubeThumbnailUrl,
  youtubeThumbnails,
  ERROR_TEXTS,
  type Thumbnail,
  type YoutubeThumbnailSize,
} from '@act/contracts';
import { AppError, ErrorCode, type Logger } from '@act/service-kit';
import type { FetchLike } from '../providers/youtube-fetch';
import { createTtlCache } from './ttl-cache';

/** Larger thumbnails are refused rather than buffered without end. */
const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;

export interface ThumbnailService {
  list(videoId: string): Promise<Thumbnail[]>;
  download(videoId: string, size: YoutubeThumbnailSize): Promise<{ body: Buffer; fileName: string }>;
}

export interface ThumbnailDeps {
  fetch: FetchLike;
  logger: Logger;
  cacheMs?: number;
  now?: () => number;
}

/** The spec's download name: tool-name-timestamp.jpg. */
export function thumbnailFileName(now: number): string {
  return `youtube-thumbnail-downloader-${now}.jpg`;
}

export function createThumbnailService({
  fetch,
  logger,
  cacheMs = 24 * 60 * 60 * 1000,
  now = Date.now,
}: ThumbnailDeps): ThumbnailService {
  const checked = createTtlCache<Thumbnail[]>({ ttlMs: cacheMs, maxEntries: 5_000, now });

  async function exists(url: string): Promise<boolean | undefined> {
    try {
      const response = await fetch(url, { method: 'HEAD' });
      if (response.status === 200) return true;
      if (response.status === 404) return false;
      return undefined;
    } catch {
      return undefined;
    }
  }

  return {
    async list(videoId) {
      const cached = checked.get(videoId);
      if (cached) return cached;
      const all = youtubeThumbnails(videoId);
      const found = await Promise.all(all.map((t) => exists(t.url)));
      // Unreachable (or unclear) for any size: list all, and check again next time.
      if (found.some((f) => f === undefined)) return all;
      const available = all.filter((_t, i) => found[i]);
      checked.set(videoId, available);
      return available;
    },

    async download(videoId, size) {
      const entry = YOUTUBE_THUMBNAIL_SIZES.find((s) => s.size === size);
      if (!entry) throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.invalidRequest);
      const url = youtubeThumbnailUrl(videoId, entry.file);
      let response: Response;
      try {
        response = await fetch(url);
      } catch (error) {
        logger.warn({ err: error, videoId, size }, 'thumbnail fetch failed');
        throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.ui.downloadThumbnail, {
          cause: error,
        });
      }
      if (response.status === 404) {
        throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.ui.downloadThumbnail);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('image/')) {
        throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.ui.downloadThumbnail);
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > MAX_THUMBNAIL_BYTES) {
        throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.ui.downloadThumbnail);
      }
      return { body, fileName: thumbnailFileName(now()) };
    },
  };
}
