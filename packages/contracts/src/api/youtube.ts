// YouTube service contracts (docs/product-rules.md#endpoints): video summarizer and thumbnail downloader, with the
// link rules of docs/product-rules.md#validation.
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import { ErrorCodeSchema } from '../errors';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { QuestionFieldSchema, remainingCreditsField, successReply, ToolNameFieldSchema } from './common';

const V = ERROR_TEXTS.validation;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
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
  if (!kind || !allowed.includes(kind) || !id || !VIDEO_ID.test(id)) return null;
  return id;
}

/** Summarizer: watch, short or embed link (docs/product-rules.md#validation). */
export const YoutubeVideoUrlSchema = z
  .string({ error: V.invalidYoutubeUrl })
  .trim()
  .max(LIMITS.urlMax, { error: V.invalidYoutubeUrl, abort: true })
  .refine((v) => parseYoutubeVideoId(v) !== null, { error: V.invalidYoutubeUrl });

/** Thumbnail downloader: watch or short link with an 11-character id (docs/product-rules.md#validation). */
export const YoutubeThumbnailUrlSchema = z
  .string({ error: V.invalidYoutubeUrl })
  .trim()
  .max(LIMITS.urlMax, { error: V.invalidYoutubeUrl, abort: true })
  .refine((v) => parseYoutubeVideoId(v, ['watch', 'short', 'shorts']) !== null, {
    error: V.invalidYoutubeUrl,
  });

export const SummarizeYoutubeRequestSchema = z.object({
  videoUrl: YoutubeVideoUrlSchema,
  toolName: ToolNameFieldSchema,
  /** Ours: the summary's language (a language code or name); the transcript's language when absent. */
  language: z.string().trim().min(1).max(40).optional(),
});
export type SummarizeYoutubeRequest = z.infer<typeof SummarizeYoutubeRequestSchema>;

export const VideoInfoSchema = z.object({
  title: z.string(),
  /** Human-readable length, e.g. '12:34' or '1:02:03'. */
  duration: z.string(),
});
export type VideoInfo = z.infer<typeof VideoInfoSchema>;

/** Ours: the link that opens a video at a moment (`t=` in whole seconds), as chapters and cited moments give it. */
export function youtubeMomentUrl(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?v=${videoId}&t=${Math.max(0, Math.floor(seconds))}s`;
}

/**
 * Ours: where a summary's chapters come from (docs/product-rules.md#youtube-chapters): the video's own (its
 * description's timestamps), the AI provider, or this server's segmentation of the transcript.
 */
export const ChapterSourceSchema = z.enum(['video', 'ai', 'local']);
export type ChapterSource = z.infer<typeof ChapterSourceSchema>;

/** Ours: one chapter of a summary: a title, a one-line gist (empty when no transcript says it) and its moment. */
export const VideoChapterSchema = z.object({
  title: z.string(),
  gist: z.string(),
  startSeconds: z.number().int().nonnegative(),
  /** youtubeMomentUrl of the video at startSeconds. */
  url: z.string(),
});
export type VideoChapter = z.infer<typeof VideoChapterSchema>;

/** Ours: a summary's chapters, in video order; `items` is empty when the video has too little to divide. */
export const VideoChaptersSchema = z.object({
  source: ChapterSourceSchema,
  items: z.array(VideoChapterSchema),
});
export type VideoChapters = z.infer<typeof VideoChaptersSchema>;

/** Ours (docs/product-rules.md#youtube-ask): the member's saved summary, which questions about the video are asked on. */
const sessionIdField = { sessionId: z.uuid() };

export const SummarizeYoutubeReplySchema = successReply({
  ...sessionIdField,
  summary: z.string(),
  videoInfo: VideoInfoSchema,
  chapters: VideoChaptersSchema,
  ...remainingCreditsField,
});
export type SummarizeYoutubeReply = z.infer<typeof SummarizeYoutubeReplySchema>;

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
  videoId: z.string({ error: V.invalidYoutubeUrl }).regex(VIDEO_ID, { error: V.invalidYoutubeUrl }),
  size: z.enum(
    YOUTUBE_THUMBNAIL_SIZES.map((s) => s.size),
    { error: V.invalidRequest },
  ),
});
export type ThumbnailDownloadQuery = z.infer<typeof ThumbnailDownloadQuerySchema>;

/**
 * Ours: how `GET /api/youtube/transcript` answers (docs/product-rules.md#youtube-transcript): `json` the lines for the
 * page, `txt` and `srt` a file to save.
 */
export const TRANSCRIPT_FORMATS = ['json', 'txt', 'srt'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export const TranscriptQuerySchema = z.object({
  videoUrl: YoutubeVideoUrlSchema,
  format: z.enum(TRANSCRIPT_FORMATS, { error: V.invalidRequest }).default('json'),
});
export type TranscriptQuery = z.input<typeof TranscriptQuerySchema>;

/** Ours: one line of a transcript, from its start in the video (milliseconds). */
export const TranscriptLineSchema = z.object({
  startMs: z.number().int().nonnegative(),
  text: z.string(),
});
export type TranscriptLine = z.infer<typeof TranscriptLineSchema>;

export const TranscriptReplySchema = successReply({
  videoId: z.string(),
  /** The transcript's own language code (the summary language choice does not apply). */
  language: z.string(),
  lines: z.array(TranscriptLineSchema),
});
export type TranscriptReply = z.infer<typeof TranscriptReplySchema>;

/** Ours: the longest transcript shown or downloaded; a longer one is refused (ERROR_TEXTS.youtube.transcriptTooLong). */
export const TRANSCRIPT_LIMITS = { maxLines: 20_000, maxChars: 1_000_000 } as const;

/**
 * Streamed summaries (Accept: text/event-stream), shaped like chat's stream events: `start` (video info, what the
 * summary is based on, whether it was made locally), `delta` text to append, then `done` with the whole summary and
 * its chapters, or
 * `error` with the spec's text (nothing charged).
 */
export const SummarySourceSchema = z.enum(['transcript', 'description']);
export type SummarySource = z.infer<typeof SummarySourceSchema>;

export const YoutubeStreamStartEventSchema = z.object({
  type: z.literal('start'),
  videoId: z.string(),
  videoInfo: VideoInfoSchema,
  source: SummarySourceSchema,
  /** True when the summary is made on this server without an AI provider (extractive, key sentences). */
  local: z.boolean(),
});
export const YoutubeStreamDeltaEventSchema = z.object({ type: z.literal('delta'), text: z.string() });
export const YoutubeStreamDoneEventSchema = z.object({
  type: z.literal('done'),
  ...sessionIdField,
  summary: z.string(),
  videoInfo: VideoInfoSchema,
  chapters: VideoChaptersSchema,
  remainingCredits: z.number().int().nonnegative().nullable(),
});
export const YoutubeStreamErrorEventSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: ErrorCodeSchema,
  remainingCredits: z.number().int().nonnegative().nullable().optional(),
});
export const YoutubeStreamEventSchema = z.discriminatedUnion('type', [
  YoutubeStreamStartEventSchema,
  YoutubeStreamDeltaEventSchema,
  YoutubeStreamDoneEventSchema,
  YoutubeStreamErrorEventSchema,
]);
export type YoutubeStreamEvent = z.infer<typeof YoutubeStreamEventSchema>;

/**
 * Ours (docs/product-rules.md#youtube-ask): a question about a summarized video, answered from its transcript. Required,
 * at most as long as a chat message.
 */
export const AskVideoRequestSchema = z.object({
  question: QuestionFieldSchema,
  toolName: ToolNameFieldSchema,
});
export type AskVideoRequest = z.infer<typeof AskVideoRequestSchema>;

/** Any text up to a UUID's length: an id that is not a UUID is one more unknown session (404), as in chat. */
export const VideoSessionParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type VideoSessionParams = z.infer<typeof VideoSessionParamsSchema>;

/**
 * Ours: a moment an answer used: `[n]` in the answer cites the n-th (numbered by first use), the transcript passage
 * `quote` from `start` to `end` (seconds), and `url` (youtubeMomentUrl) opens the video at `start`: the line of the
 * passage closest to the question.
 */
export const VideoCitationSchema = z.object({
  n: z.number().int().positive(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative().optional(),
  quote: z.string(),
  url: z.string(),
});
export type VideoCitation = z.infer<typeof VideoCitationSchema>;

/** Ours: one answered question of a session. */
export const VideoAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** Markdown; `[n]` cites `citations[n-1]`. */
  answer: z.string(),
  citations: z.array(VideoCitationSchema),
  createdAt: z.string(),
});
export type VideoAnswer = z.infer<typeof VideoAnswerSchema>;

export const AskVideoReplySchema = successReply({
  ...VideoAnswerSchema.shape,
  ...remainingCreditsField,
});
export type AskVideoReply = z.infer<typeof AskVideoReplySchema>;

/** Ours: a saved summary (a session) as reopened: the video, the summary and its chapters, and its answered questions. */
export const VideoSessionSchema = z.object({
  id: z.string(),
  videoId: z.string(),
  videoUrl: z.string(),
  videoInfo: VideoInfoSchema,
  summary: z.string(),
  chapters: VideoChaptersSchema,
  source: SummarySourceSchema,
  questions: z.array(VideoAnswerSchema),
  createdAt: z.string(),
});
export type VideoSession = z.infer<typeof VideoSessionSchema>;

export const VideoSessionReplySchema = successReply({ session: VideoSessionSchema });
export type VideoSessionReply = z.infer<typeof VideoSessionReplySchema>;

/**
 * The YouTube endpoints (docs/product-rules.md#endpoints; drafts until the YouTube service is built). Thumbnails are
 * free for guests too.
 */
export const YOUTUBE_ENDPOINTS = {
  summarize: toolEndpoint({
    method: 'POST',
    path: '/api/youtube/summarize-youtube',
    tool: 'youtube-summarizer',
    request: SummarizeYoutubeRequestSchema,
    reply: SummarizeYoutubeReplySchema,
    events: YoutubeStreamEventSchema,
  }),
  /**
   * Ours: a video's transcript, free, for members like the summarizer: JSON lines (`format=json`, the default) or a
   * `.txt` / `.srt` attachment (no JSON schema for those). In the transcript's own language.
   */
  transcript: endpoint({
    method: 'GET',
    path: '/api/youtube/transcript',
    access: 'member',
    request: TranscriptQuerySchema,
    reply: TranscriptReplySchema,
  }),
  /**
   * Ours (docs/product-rules.md#youtube-ask): a question about a saved summary's video, answered from its transcript
   * with the moments it used; priced as the summarizer's follow-up (2 credits), free when it fails, 503 without an AI
   * provider key. Another member's session is 404.
   */
  askVideo: toolEndpoint({
    method: 'POST',
    path: '/api/youtube/sessions/:id/questions',
    tool: 'youtube-summarizer',
    toolOptions: { followUp: true },
    params: VideoSessionParamsSchema,
    request: AskVideoRequestSchema,
    reply: AskVideoReplySchema,
  }),
  /** Ours: a saved summary with its answered questions, the member's own only (404 otherwise). */
  session: endpoint({
    method: 'GET',
    path: '/api/youtube/sessions/:id',
    access: 'member',
    params: VideoSessionParamsSchema,
    reply: VideoSessionReplySchema,
  }),
  thumbnails: toolEndpoint({
    method: 'POST',
    path: '/api/youtube/youtube-thumbnail-downloader/get-youtube-thumbnails',
    tool: 'youtube-thumbnail-downloader',
    request: GetThumbnailsRequestSchema,
    reply: GetThumbnailsReplySchema,
  }),
  /**
   * Ours: one thumbnail from i.ytimg.com as a same-origin `.jpg` attachment (binary reply, no JSON schema). Public:
   * free, and a plain link (`<a href download>`) sends no token.
   */
  thumbnailDownload: endpoint({
    method: 'GET',
    path: '/api/youtube/thumbnail',
    access: 'public',
    request: ThumbnailDownloadQuerySchema,
  }),
} as const;
