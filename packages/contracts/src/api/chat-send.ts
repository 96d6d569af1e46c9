// What a member sends to a chat tool and what its send-message answers as JSON (the streamed events are
// chat-stream.ts): the playground, the chat agent, the reasoning chat and the web chat, with the branch fields every
// send may carry (edit and branch).
import { z } from 'zod';
import { ERROR_TEXTS, invalidWebsiteUrl } from '../errors';
import { LIMITS } from '../limits';
import { ChatModelIdSchema, getChatModel, PlaygroundModelIdSchema } from '../options';
import { CitationSchema } from './citation';
import {
  ChatImageDataUrlSchema,
  PdfDataUrlSchema,
  remainingCreditsField,
  successReply,
  ToolNameFieldSchema,
} from './common';
import { ChatRoleSchema } from './chat-sessions';

const V = ERROR_TEXTS.validation;

const MessageTextSchema = z
  .string({ error: V.messageRequired })
  .trim()
  .min(1, { error: V.messageRequired, abort: true })
  .max(LIMITS.chatMessage, { error: V.messageTooLong });

export const HistoryMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.string().max(LIMITS.chatMessage * 4),
});
export type HistoryMessage = z.infer<typeof HistoryMessageSchema>;

/**
 * Ours (issue 25, edit and branch): where a message goes in its session, each naming a member's message of that
 * session (another's answers 404). None: after the branch shown. `parentId`: after that message. `editOf`: in place
 * of that message (a sibling version of it; the prompt is the edited text). `regenerateOf`: that message's text asked
 * again, its answer a sibling version of the earlier ones (the prompt is ignored). At most one, with a sessionId.
 * Each costs what a new message of the tool costs.
 */
const branchFields = {
  parentId: z.uuid().optional(),
  editOf: z.uuid().optional(),
  regenerateOf: z.uuid().optional(),
};
export const PlaygroundSendMessageRequestSchema = z.object({
  sessionId: z.uuid().optional(),
  prompt: MessageTextSchema,
  /** Prior turns per playground model (docs/product-rules.md#endpoints); each list is capped. */
  conversationHistories: z
    .partialRecord(PlaygroundModelIdSchema, z.array(HistoryMessageSchema).max(LIMITS.chatHistoryMessages))
    .optional(),
  toolName: ToolNameFieldSchema,
  ...branchFields,
  /** Ours: with regenerateOf, only this model's answer is regenerated (one column; one message's price). */
  column: PlaygroundModelIdSchema.optional(),
});
export type PlaygroundSendMessageRequest = z.infer<typeof PlaygroundSendMessageRequestSchema>;

export const PlaygroundSendMessageReplySchema = successReply({
  sessionId: z.uuid(),
  /** Answer text per playground model id; a model that failed maps to an error note. */
  responses: z.partialRecord(PlaygroundModelIdSchema, z.string()),
  ...remainingCreditsField,
  /** Ours: the reply's id (Stop, the stored messages' reply_id) and how it ended. */
  messageId: z.uuid().optional(),
  status: z.enum(['completed', 'stopped', 'failed']).optional(),
  /** Ours: how each column ended ('failed' columns carry the error note in `responses`). */
  columns: z.partialRecord(PlaygroundModelIdSchema, z.enum(['done', 'failed', 'stopped'])).optional(),
});
export type PlaygroundSendMessageReply = z.infer<typeof PlaygroundSendMessageReplySchema>;

const AttachmentNameSchema = z.string().trim().max(200).nullable().optional();

export const ChatAgentSendMessageRequestSchema = z
  .object({
    sessionId: z.uuid().optional(),
    prompt: MessageTextSchema,
    modelId: ChatModelIdSchema,
    image: ChatImageDataUrlSchema.nullable().optional(),
    pdf: PdfDataUrlSchema.nullable().optional(),
    /** Ours: the attached files' names, shown in the history. */
    imageName: AttachmentNameSchema,
    pdfName: AttachmentNameSchema,
    enableWebSearch: z.boolean().default(false),
    toolName: ToolNameFieldSchema,
    ...branchFields,
  })
  .superRefine((req, ctx) => {
    // Attachments and web search only for models that support them (docs/product-rules.md#entities flags).
    const model = getChatModel(req.modelId);
    if (req.image && !model.vision)
      ctx.addIssue({ code: 'custom', path: ['image'], message: V.modelNoVision });
    if (req.pdf && !model.pdfs) ctx.addIssue({ code: 'custom', path: ['pdf'], message: V.modelNoPdf });
    if (req.enableWebSearch && !model.webSearch) {
      ctx.addIssue({ code: 'custom', path: ['enableWebSearch'], message: V.modelNoWebSearch });
    }
  });
export type ChatAgentSendMessageRequest = z.infer<typeof ChatAgentSendMessageRequestSchema>;

export const ChatReasoningSendMessageRequestSchema = z.object({
  sessionId: z.uuid().optional(),
  prompt: MessageTextSchema,
  image: ChatImageDataUrlSchema.nullable().optional(),
  pdf: PdfDataUrlSchema.nullable().optional(),
  toolName: ToolNameFieldSchema,
  ...branchFields,
});
export type ChatReasoningSendMessageRequest = z.infer<typeof ChatReasoningSendMessageRequestSchema>;

/** What every chat reply carries: the session, the answer, its sources and the balance after it. */
export const chatReplyFields = {
  sessionId: z.uuid(),
  response: z.string(),
  citations: z.array(CitationSchema).optional(),
  ...remainingCreditsField,
  /** Ours: the reply's id (Stop, the stored message's reply_id) and how it ended. */
  messageId: z.uuid().optional(),
  status: z.enum(['completed', 'stopped', 'failed']).optional(),
};

/** Reply of chat-agent and chat-reasoning send-message. */
export const ChatSendMessageReplySchema = successReply({
  ...chatReplyFields,
  /** Ours: the model's reasoning. */
  reasoning: z.string().optional(),
});
export type ChatSendMessageReply = z.infer<typeof ChatSendMessageReplySchema>;

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
  .string({ error: invalidWebsiteUrl(WEB_CHAT_EXAMPLE_HOST) })
  .trim()
  .max(LIMITS.urlMax, { error: invalidWebsiteUrl(WEB_CHAT_EXAMPLE_HOST), abort: true })
  .refine(isHttpUrl, { error: invalidWebsiteUrl(WEB_CHAT_EXAMPLE_HOST) });

/**
 * POST ai-web-chat. Start: prompt 'INITIAL_SETUP' with url. Continue: sessionId with the question.
 */
export const WebChatRequestSchema = z
  .object({
    sessionId: z.uuid().optional(),
    url: WebsiteUrlSchema.optional(),
    prompt: z
      .string({ error: V.enterYourQuestion })
      .trim()
      .max(LIMITS.chatMessage, { error: V.messageTooLong }),
    toolName: ToolNameFieldSchema,
    ...branchFields,
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

/** GET /api/chat/status: whether chat can answer (a provider key is configured), shown before the member types. */
export const ChatStatusReplySchema = successReply({ available: z.boolean() });
export type ChatStatusReply = z.infer<typeof ChatStatusReplySchema>;
