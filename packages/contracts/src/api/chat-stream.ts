// Streamed chat replies: the Server-Sent Events a send-message endpoint answers with when the request accepts
// `text/event-stream` (JSON stays the default), and the one Stop request every chat tool shares. Each event's `data`
// is one of these JSON objects; the first is `start`, the last is `done` or `error`.
import { z } from 'zod';
import { ErrorCodeSchema } from '../errors';
import { CitationSchema } from './citation';

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
