// AI Web Chat's request and reply (docs/product-rules.md#endpoints): a start reads a page (its address, checked as
// docs/product-rules.md#validation says), a follow-up asks about the session's page.
import { z } from 'zod';
import { ERROR_TEXTS, invalidWebsiteUrl } from '../errors';
import { LIMITS } from '../limits';
import { branchFields, chatReplyFields, projectField } from './chat-send';
import { successReply, ToolNameFieldSchema } from './common';

const V = ERROR_TEXTS.validation;

/** The prompt that, with a url, starts a web chat (docs/product-rules.md#endpoints). */
export const WEB_CHAT_INITIAL_SETUP = 'INITIAL_SETUP';
/** Example host shown in the web chat URL error text. */
export const WEB_CHAT_EXAMPLE_HOST = 'https://example.com';
/** Ours: the example links of the web chat's URL step. */
export const WEB_CHAT_EXAMPLE_LINKS = [
  'https://en.wikipedia.org/wiki/Large_language_model',
  'https://developer.mozilla.org/en-US/docs/Web/HTTP/Overview',
  'https://www.gutenberg.org/files/1342/1342-h/1342-h.htm',
] as const;

/** True for an absolute http(s) URL (docs/product-rules.md#validation web chat rule). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const WebsiteUrlSchema = z
  .string({ error: () => invalidWebsiteUrl(WEB_CHAT_EXAMPLE_HOST) })
  .trim()
  .max(LIMITS.urlMax, { error: () => invalidWebsiteUrl(WEB_CHAT_EXAMPLE_HOST), abort: true })
  .refine(isHttpUrl, { error: () => invalidWebsiteUrl(WEB_CHAT_EXAMPLE_HOST) });

/**
 * POST ai-web-chat. Start: prompt 'INITIAL_SETUP' with url. Continue: sessionId with the question.
 */
export const WebChatRequestSchema = z
  .object({
    sessionId: z.uuid().optional(),
    url: WebsiteUrlSchema.optional(),
    prompt: z
      .string({ error: () => V.enterYourQuestion })
      .trim()
      .max(LIMITS.chatMessage, { error: () => V.messageTooLong }),
    toolName: ToolNameFieldSchema,
    ...branchFields,
    ...projectField,
  })
  .superRefine((req, ctx) => {
    if (req.prompt === WEB_CHAT_INITIAL_SETUP) {
      if (!req.url)
        ctx.addIssue({ code: 'custom', path: ['url'], message: invalidWebsiteUrl(WEB_CHAT_EXAMPLE_HOST) });
      return;
    }
    if (req.prompt.length === 0)
      ctx.addIssue({ code: 'custom', path: ['prompt'], message: V.enterYourQuestion });
    if (!req.sessionId) ctx.addIssue({ code: 'custom', path: ['sessionId'], message: V.noActiveChatSession });
  });
export type WebChatRequest = z.infer<typeof WebChatRequestSchema>;

/** `response` is the answer; on start, the page summary or greeting the assistant opens the chat with. */
export const WebChatReplySchema = successReply({
  ...chatReplyFields,
  /** Ours: the answer was made by the local extractive answerer (no provider key), not by a model. */
  local: z.boolean().optional(),
  /** Ours: the page the session reads (its address after redirects) and its title. */
  url: z.string().optional(),
  title: z.string().optional(),
});
export type WebChatReply = z.infer<typeof WebChatReplySchema>;
