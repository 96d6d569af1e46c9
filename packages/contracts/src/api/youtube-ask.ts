// Questions about a summarized video (docs/product-rules.md#youtube-ask), answered from its transcript with the
// moments they used, and the saved summary (session) they are asked on. Part of the youtube family (youtube.ts).
import { z } from 'zod';
import { QuestionFieldSchema, remainingCreditsField, successReply, ToolNameFieldSchema } from './common';
import { SummarySourceSchema, VideoChaptersSchema, VideoInfoSchema } from './youtube-summary';

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
