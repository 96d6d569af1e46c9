// Ours (issue 37, docs/product-rules.md#prompt-results): a member's stored prompt-tool results, one tool's newest
// first a page at a time, one reopened (`/tools/<tool>?open=<id>`), one deleted. Guests' results are not stored.
// Part of the prompt family (prompt.ts).
import { z } from 'zod';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { TimestampSchema } from './common';
import { cursorPage, cursorQuery } from './pagination';
import { successReply } from './common';

const V = ERROR_TEXTS.validation;

/** The four prompt tools, whose results are stored. */
export const PROMPT_RESULT_TOOLS = [
  'image-to-prompt',
  'magic-enhance',
  'ai-describe-image',
  'image-to-video-prompt',
] as const;
export const PromptResultToolSchema = z.enum(PROMPT_RESULT_TOOLS, { error: () => V.invalidRequest });
export type PromptResultTool = z.infer<typeof PromptResultToolSchema>;

/** Ours: what `input` says for a result made from an image (the image itself is not kept). */
export const PROMPT_RESULT_IMAGE_INPUT = 'Image';
/** Ours: the longest typed input kept with a result (the rest is cut). */
export const PROMPT_RESULT_LIMITS = {
  inputChars: 500,
  pageSize: 10,
  maxPageSize: LIMITS.maxPageSize,
} as const;

export const PromptResultSchema = z.object({
  id: z.uuid(),
  tool: PromptResultToolSchema,
  /** The text typed (Magic Enhance), or "Image" for the image tools. */
  input: z.string(),
  /** The prompt or description the tool returned. */
  text: z.string(),
  createdAt: TimestampSchema,
});
export type PromptResult = z.infer<typeof PromptResultSchema>;

export const PromptResultsQuerySchema = cursorQuery(PROMPT_RESULT_LIMITS).extend({
  tool: PromptResultToolSchema.optional(),
});
export type PromptResultsQuery = z.input<typeof PromptResultsQuerySchema>;

export const PromptResultsReplySchema = cursorPage(PromptResultSchema, 'results');
export type PromptResultsReply = z.infer<typeof PromptResultsReplySchema>;

/** Any text up to a UUID's length: an id that is not a UUID is one more unknown result (404). */
export const PromptResultParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const PromptResultReplySchema = successReply({ result: PromptResultSchema });
export type PromptResultReply = z.infer<typeof PromptResultReplySchema>;
