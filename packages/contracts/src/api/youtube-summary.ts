// The video summarizer (docs/product-rules.md#endpoints): its request, the summary with the video's info and chapters,
// and the events of a streamed summary. Part of the youtube family (youtube.ts).
import { z } from 'zod';
import {
  remainingCreditsField,
  successReply,
  ToolNameFieldSchema,
  ToolStreamErrorEventSchema,
} from './common';
import { YoutubeVideoUrlSchema } from './youtube-links';

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
export const YoutubeStreamErrorEventSchema = ToolStreamErrorEventSchema;
export const YoutubeStreamEventSchema = z.discriminatedUnion('type', [
  YoutubeStreamStartEventSchema,
  YoutubeStreamDeltaEventSchema,
  YoutubeStreamDoneEventSchema,
  YoutubeStreamErrorEventSchema,
]);
export type YoutubeStreamEvent = z.infer<typeof YoutubeStreamEventSchema>;
