// What a member sends to a chat tool and what its send-message answers: as JSON (the playground, the chat agent and
// the reasoning chat, with the branch fields every send may carry: edit and branch; the web chat's own request is
// chat-web.ts), or as a stream of events (below). Streamed chat replies: the Server-Sent Events a send-message
// endpoint answers with when the request accepts `text/event-stream` (JSON stays the default), and the one Stop
// request every chat tool shares. Each event's `data` is one of these JSON objects; the first is `start`, the last is
// `done` or `error`.
import { z } from 'zod';
import { ERROR_TEXTS, ErrorCodeSchema } from '../errors';
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
  .string({ error: () => V.messageRequired })
  .trim()
  .min(1, { error: () => V.messageRequired, abort: true })
  .max(LIMITS.chatMessage, { error: () => V.messageTooLong });

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
export const branchFields = {
  parentId: z.uuid().optional(),
  editOf: z.uuid().optional(),
  regenerateOf: z.uuid().optional(),
};
/** Ours (issue 38): a new chat starts in this project of the member's (ignored with a sessionId). */
export const projectField = { projectId: z.string().min(1).max(64).optional() };
export const PlaygroundSendMessageRequestSchema = z.object({
  sessionId: z.uuid().optional(),
  prompt: MessageTextSchema,
  /** Prior turns per playground model (docs/product-rules.md#endpoints); each list is capped. */
  conversationHistories: z
    .partialRecord(PlaygroundModelIdSchema, z.array(HistoryMessageSchema).max(LIMITS.chatHistoryMessages))
    .optional(),
  toolName: ToolNameFieldSchema,
  ...branchFields,
  ...projectField,
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
    ...projectField,
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
  ...projectField,
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

/** GET /api/chat/status: whether chat can answer (a provider key is configured), shown before the member types. */
export const ChatStatusReplySchema = successReply({ available: z.boolean() });
export type ChatStatusReply = z.infer<typeof ChatStatusReplySchema>;

/** The media type of a streamed reply: sent as `Accept` to ask for one, answered as `Content-Type`. */
export const EVENT_STREAM = 'text/event-stream';

/** A balance after the reply; chat is for members only, so it is always a number. */
const StreamCreditsSchema = z.number().int().nonnegative();

/** How one playground column ended. */
export const ChatColumnStatusSchema = z.enum(['done', 'failed', 'stopped']);
export type ChatColumnStatus = z.infer<typeof ChatColumnStatusSchema>;

/** How the whole reply ended. */
export const ChatReplyStatusSchema = z.enum(['completed', 'stopped', 'failed']);
export type ChatReplyStatus = z.infer<typeof ChatReplyStatusSchema>;

/**
 * First event. `messageId` is the reply's id, the one Stop takes: for the playground one id for the whole
 * four-column turn (each column's stored message has its own row id). `columns` lists the playground's model ids.
 */
export const ChatStreamStartEventSchema = z.object({
  type: z.literal('start'),
  sessionId: z.uuid(),
  messageId: z.uuid(),
  columns: z.array(z.string()).optional(),
  /** Ours: the member's message the reply answers (what Edit and Regenerate name). */
  userMessageId: z.uuid().optional(),
  /** Web chat: the answer comes from the local extractive answerer (no provider key), not a model. */
  local: z.boolean().optional(),
});

/**
 * The reply's numbered sources so far (web search results, the web chat's cited passages): the whole list each
 * time, replacing the one before; `[n]` in the answer is the n-th.
 */
export const ChatStreamSourcesEventSchema = z.object({
  type: z.literal('sources'),
  citations: z.array(CitationSchema),
});

/** Answer text to append (to the column of that playground model id, when given). */
export const ChatStreamDeltaEventSchema = z.object({
  type: z.literal('delta'),
  text: z.string(),
  column: z.string().optional(),
});

/** Reasoning text to append; shown apart from the answer, collapsed. */
export const ChatStreamReasoningEventSchema = z.object({
  type: z.literal('reasoning'),
  text: z.string(),
  column: z.string().optional(),
});

/** One playground column ended; `error` is the spec's text for a failed column. */
export const ChatStreamColumnEventSchema = z.object({
  type: z.literal('column'),
  column: z.string(),
  status: ChatColumnStatusSchema,
  error: z.string().optional(),
});

/**
 * Last event of a reply that completed or was stopped (or, in the playground, where some columns failed); it was
 * charged unless it stopped before any text (docs/charges.md). `error` on a stopped reply says why the server stopped
 * it (UI_TEXTS.chat.stoppedAtTimeLimit); a reply shown as failed ends with the `error` event instead, never charged.
 */
export const ChatStreamDoneEventSchema = z.object({
  type: z.literal('done'),
  status: ChatReplyStatusSchema,
  remainingCredits: StreamCreditsSchema,
  columns: z.record(z.string(), ChatColumnStatusSchema).optional(),
  error: z.string().optional(),
});

/** Last event of a reply that failed: the spec's error text and code (never a stack). */
export const ChatStreamErrorEventSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: ErrorCodeSchema,
  remainingCredits: StreamCreditsSchema.optional(),
});

/** Deep Search: what its research is doing now (docs/product-rules.md#deep-search); the steps of one report. */
export const DEEP_SEARCH_STEPS = ['planning', 'searching', 'reading', 'writing'] as const;
export const DeepSearchStepSchema = z.enum(DEEP_SEARCH_STEPS);
export type DeepSearchStep = z.infer<typeof DeepSearchStepSchema>;

/** Deep Search only: one research step began; `detail` is the search's query or the host of the page being read. */
export const ChatStreamStepEventSchema = z.object({
  type: z.literal('step'),
  step: DeepSearchStepSchema,
  detail: z.string().optional(),
});

export const ChatStreamEventSchema = z.discriminatedUnion('type', [
  ChatStreamStartEventSchema,
  ChatStreamStepEventSchema,
  ChatStreamDeltaEventSchema,
  ChatStreamReasoningEventSchema,
  ChatStreamColumnEventSchema,
  ChatStreamSourcesEventSchema,
  ChatStreamDoneEventSchema,
  ChatStreamErrorEventSchema,
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;
export type ChatStreamStartEvent = z.infer<typeof ChatStreamStartEventSchema>;
export type ChatStreamDeltaEvent = z.infer<typeof ChatStreamDeltaEventSchema>;
export type ChatStreamReasoningEvent = z.infer<typeof ChatStreamReasoningEventSchema>;
export type ChatStreamColumnEvent = z.infer<typeof ChatStreamColumnEventSchema>;
export type ChatStreamStepEvent = z.infer<typeof ChatStreamStepEventSchema>;
export type ChatStreamSourcesEvent = z.infer<typeof ChatStreamSourcesEventSchema>;
export type ChatStreamDoneEvent = z.infer<typeof ChatStreamDoneEventSchema>;
export type ChatStreamErrorEvent = z.infer<typeof ChatStreamErrorEventSchema>;

/**
 * Last event of a followed reply (GET /api/chat/replies/:id, docs/product-rules.md#resume): the same as `done`, but it
 * may come without the balance (the replica that follows a reply by id need not be the one that charged it; the page
 * reads the balance again from credits then).
 */
export const ChatFollowDoneEventSchema = ChatStreamDoneEventSchema.extend({
  remainingCredits: StreamCreditsSchema.optional(),
});

/**
 * The events of a followed reply: `start`, then the reply's whole text so far as `delta`/`reasoning` events (the page
 * shows them in place of what it had), then the rest as it is saved, and last `done` or `error`, ending with exactly
 * the text the server stored.
 */
export const ChatFollowEventSchema = z.discriminatedUnion('type', [
  ChatStreamStartEventSchema,
  ChatStreamDeltaEventSchema,
  ChatStreamReasoningEventSchema,
  ChatStreamColumnEventSchema,
  ChatStreamSourcesEventSchema,
  ChatFollowDoneEventSchema,
  ChatStreamErrorEventSchema,
]);
export type ChatFollowEvent = z.infer<typeof ChatFollowEventSchema>;

/** POST /api/chat/stop: stops the reply with this id (the `start` event's messageId), whichever replica streams it. */
export const ChatStopRequestSchema = z.object({ messageId: z.uuid() });
export type ChatStopRequest = z.infer<typeof ChatStopRequestSchema>;
