// YouTube links (docs/product-rules.md#validation): the video id in a watch, short, Shorts or embed link, the link
// fields of the summarizer, the transcript and the thumbnail downloader, and the link to a moment of a video. Part of
// the youtube family (youtube.ts).
import { z } from 'zod';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';

const V = ERROR_TEXTS.validation;

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

export type YoutubeLinkKind = 'watch' | 'short' | 'embed' | 'shorts';

/**
 * The 11-character video id of a YouTube link, or null. Accepts watch links (youtube.com/watch?v=ID), short links
 * (youtu.be/ID), Shorts (youtube.com/shorts/ID) and, when allowed, embed links (youtube.com/embed/ID).
 */
export function parseYoutubeVideoId(
  value: string,
  allowed: readonly YoutubeLinkKind[] = ['watch', 'short', 'shorts', 'embed'],
): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let kind: YoutubeLinkKind | null = null;
  let id: string | null | undefined = null;
  if (host === 'youtu.be') {
    kind = 'short';
    id = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch' && segments.length === 1) {
      kind = 'watch';
      id = url.searchParams.get('v');
    } else if (segments[0] === 'embed' || segments[0] === 'shorts') {
      kind = segments[0];
      id = segments[1];
    }
  }
  if (!kind || !allowed.includes(kind) || !id || !YOUTUBE_VIDEO_ID.test(id)) return null;
  return id;
}

/** Summarizer: watch, short or embed link (docs/product-rules.md#validation). */
export const YoutubeVideoUrlSchema = z
  .string({ error: () => V.invalidYoutubeUrl })
  .trim()
  .max(LIMITS.urlMax, { error: () => V.invalidYoutubeUrl, abort: true })
  .refine((v) => parseYoutubeVideoId(v) !== null, { error: () => V.invalidYoutubeUrl });

/** Thumbnail downloader: watch or short link with an 11-character id (docs/product-rules.md#validation). */
export const YoutubeThumbnailUrlSchema = z
  .string({ error: () => V.invalidYoutubeUrl })
  .trim()
  .max(LIMITS.urlMax, { error: () => V.invalidYoutubeUrl, abort: true })
  .refine((v) => parseYoutubeVideoId(v, ['watch', 'short', 'shorts']) !== null, {
    error: () => V.invalidYoutubeUrl,
  });

/** Ours: the link that opens a video at a moment (`t=` in whole seconds), as chapters and cited moments give it. */
export function youtubeMomentUrl(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${videoId}&t=${Math.max(0, Math.floor(seconds))}s`;
}
