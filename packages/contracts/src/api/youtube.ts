// YouTube service contracts (docs/product-rules.md#endpoints): video summarizer (youtube-summary.ts, questions about
// the video in youtube-ask.ts), thumbnail downloader (youtube-thumbnails.ts) and transcript, with the link rules of
// docs/product-rules.md#validation (youtube-links.ts). Here the transcript and YOUTUBE_ENDPOINTS, the family's table.
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { successReply } from './common';
import {
  AskVideoReplySchema,
  AskVideoRequestSchema,
  VideoSessionParamsSchema,
  VideoSessionReplySchema,
} from './youtube-ask';
import { PastSummariesQuerySchema, PastSummariesReplySchema } from './youtube-history';
import { YoutubeVideoUrlSchema } from './youtube-links';
import {
  SummarizeYoutubeReplySchema,
  SummarizeYoutubeRequestSchema,
  YoutubeStreamEventSchema,
} from './youtube-summary';
import {
  GetThumbnailsReplySchema,
  GetThumbnailsRequestSchema,
  ThumbnailDownloadQuerySchema,
} from './youtube-thumbnails';

export * from './youtube-links';
export * from './youtube-summary';
export * from './youtube-ask';
export * from './youtube-history';
export * from './youtube-thumbnails';

const V = ERROR_TEXTS.validation;

/**
 * Ours: how `GET /api/youtube/transcript` answers (docs/product-rules.md#youtube-transcript): `json` the lines for the
 * page, `txt` and `srt` a file to save.
 */
export const TRANSCRIPT_FORMATS = ['json', 'txt', 'srt'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export const TranscriptQuerySchema = z.object({
  videoUrl: YoutubeVideoUrlSchema,
  format: z.enum(TRANSCRIPT_FORMATS, { error: () => V.invalidRequest }).default('json'),
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
 * The YouTube endpoints (docs/product-rules.md#endpoints; drafts until the YouTube service is built). Thumbnails are
 * free for guests too.
 */
export const YOUTUBE_ENDPOINTS = {
  summarize: toolEndpoint({
    failureText: () => ERROR_TEXTS.network.summarizeVideo,
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
    failureText: () => ERROR_TEXTS.youtube.loadTranscript,
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
    failureText: () => ERROR_TEXTS.youtube.askFailed,
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
  /** Ours (issue 37): the member's past summaries, newest first, a cursor page at a time. */
  summaries: endpoint({
    method: 'GET',
    path: '/api/youtube/summaries',
    access: 'member',
    request: PastSummariesQuerySchema,
    reply: PastSummariesReplySchema,
  }),
  /** Ours (issue 37): deletes a past summary with its questions; another member's id is 404. */
  deleteSummary: endpoint({
    method: 'DELETE',
    path: '/api/youtube/summaries/:id',
    access: 'member',
    params: VideoSessionParamsSchema,
    reply: successReply({}),
  }),
  thumbnails: toolEndpoint({
    failureText: () => ERROR_TEXTS.network.getThumbnails,
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
    failureText: () => ERROR_TEXTS.ui.downloadThumbnail,
    method: 'GET',
    path: '/api/youtube/thumbnail',
    access: 'public',
    request: ThumbnailDownloadQuerySchema,
  }),
} as const;
