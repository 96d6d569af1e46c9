// Ours (issue 37, docs/product-rules.md#youtube-past-summaries): the member's past summaries, newest first, a page
// at a time; one is reopened with its chapters and questions through `GET /api/youtube/sessions/:id` (youtube-ask.ts)
// and deleted with `DELETE /api/youtube/summaries/:id`. Part of the youtube family (youtube.ts).
import { z } from 'zod';
import { LIMITS } from '../limits';
import { TimestampSchema } from './common';
import { cursorPage, cursorQuery } from './pagination';

export const SUMMARY_LIST_LIMITS = { pageSize: 20, maxPageSize: LIMITS.maxPageSize } as const;

export const PastSummarySchema = z.object({
  /** The saved summary's id (its session): what `?open=<id>` and DELETE take. */
  id: z.string(),
  videoId: z.string(),
  videoUrl: z.string(),
  title: z.string(),
  createdAt: TimestampSchema,
});
export type PastSummary = z.infer<typeof PastSummarySchema>;

export const PastSummariesQuerySchema = cursorQuery(SUMMARY_LIST_LIMITS);
export type PastSummariesQuery = z.input<typeof PastSummariesQuerySchema>;

export const PastSummariesReplySchema = cursorPage(PastSummarySchema, 'summaries');
export type PastSummariesReply = z.infer<typeof PastSummariesReplySchema>;
