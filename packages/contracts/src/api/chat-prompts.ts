// The prompt library (docs/product-rules.md#prompt-library): a member's saved prompts, each a title and a body with
// `{{variable}}` placeholders, offered by `/` in every chat message box. Private: another member's prompt answers 404
// like an unknown one and is never listed.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { CHAT_PROMPT_ERRORS as P, CHAT_PROMPT_LIMITS } from '../chat-prompt-texts';
import { successReply, TimestampSchema } from './common';

const PromptTitleSchema = z
  .string({ error: () => P.titleRequired })
  .trim()
  .min(1, { error: () => P.titleRequired, abort: true })
  .max(CHAT_PROMPT_LIMITS.titleMax, { error: () => P.titleTooLong });

// Not trimmed: the body is inserted exactly as saved (its line breaks and indentation are the member's).
const PromptBodySchema = z
  .string({ error: () => P.bodyRequired })
  .refine((body) => body.trim().length > 0, { error: () => P.bodyRequired, abort: true })
  .refine((body) => body.length <= CHAT_PROMPT_LIMITS.bodyMax, { error: () => P.bodyTooLong });

/** `{ title, body }`: save a new prompt. */
export const CreateChatPromptRequestSchema = z.object({ title: PromptTitleSchema, body: PromptBodySchema });
export type CreateChatPromptRequest = z.infer<typeof CreateChatPromptRequestSchema>;

/** Either or both of `{ title, body }`. */
export const UpdateChatPromptRequestSchema = z.object({
  title: PromptTitleSchema.optional(),
  body: PromptBodySchema.optional(),
});
export type UpdateChatPromptRequest = z.infer<typeof UpdateChatPromptRequestSchema>;

/** `:id` of a prompt: any short text, so a malformed id is one more unknown prompt (404), never a 400. */
export const ChatPromptParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const ChatPromptSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ChatPrompt = z.infer<typeof ChatPromptSchema>;

export const ChatPromptReplySchema = successReply({ prompt: ChatPromptSchema });
export type ChatPromptReply = z.infer<typeof ChatPromptReplySchema>;
export const ChatPromptsReplySchema = successReply({ prompts: z.array(ChatPromptSchema) });
export type ChatPromptsReply = z.infer<typeof ChatPromptsReplySchema>;

export const CHAT_PROMPT_ENDPOINTS = {
  /** The member's prompts, by title (A to Z). */
  list: endpoint({
    method: 'GET',
    path: '/api/chat/prompts',
    access: 'member',
    reply: ChatPromptsReplySchema,
  }),
  /** Saves a new prompt (201). */
  create: endpoint({
    method: 'POST',
    path: '/api/chat/prompts',
    access: 'member',
    request: CreateChatPromptRequestSchema,
    reply: ChatPromptReplySchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/chat/prompts/:id',
    access: 'member',
    params: ChatPromptParamsSchema,
    request: UpdateChatPromptRequestSchema,
    reply: ChatPromptReplySchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/chat/prompts/:id',
    access: 'member',
    params: ChatPromptParamsSchema,
    reply: successReply({}),
  }),
} as const;

/** The `{{placeholders}}` of a body, in order, as [start, end) ranges (what the message box selects in turn). */
export function promptPlaceholders(body: string): Array<{ start: number; end: number }> {
  return [...body.matchAll(/\{\{\s*[^{}\n]{1,60}?\s*\}\}/g)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
  }));
}

export { CHAT_PROMPT_ERRORS, CHAT_PROMPT_LIMITS, CHAT_PROMPT_TEXTS } from '../chat-prompt-texts';
