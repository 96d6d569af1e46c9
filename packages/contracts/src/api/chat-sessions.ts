// Chat's stored shapes (docs/product-rules.md#entities; the spec fixes their snake_case fields): sessions and
// messages as every chat tool lists and reads them, and the requests and replies of the session endpoints (list,
// rename, delete, messages), following a reply and showing a version.
import { z } from 'zod';
import { ERROR_TEXTS } from '../errors';
import { CitationSchema } from './citation';
import { successReply, TimestampSchema } from './common';
import { cursorPage, cursorQuery } from './pagination';

const V = ERROR_TEXTS.validation;

export const ChatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

/** The four chat kinds, each with its own session list. */
export const CHAT_KINDS = ['playground', 'agent', 'reasoning', 'web'] as const;
export const ChatKindSchema = z.enum(CHAT_KINDS);
export type ChatKind = z.infer<typeof ChatKindSchema>;

/** Ours: a file attached to a member's chat agent message, shown in the history through a signed, expiring URL. */
export const ChatAttachmentSchema = z.object({
  kind: z.enum(['image', 'pdf']),
  /** Signed, same-origin URL that expires (open it to view; reload the messages for a fresh one). */
  url: z.string(),
  contentType: z.string(),
  /** The file name the member attached, when the browser sent one. */
  name: z.string().nullable(),
  size: z.number().int().nonnegative(),
});
export type ChatAttachment = z.infer<typeof ChatAttachmentSchema>;

export const ChatSessionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  /** Chat agent: the session's model, restored when the session is opened. */
  model_id: z.string().nullable().optional(),
  /** Web chat: the page the session is about. */
  url: z.string().nullable().optional(),
  /** Ours (issue 38): the member's project the chat is in, or null. */
  project_id: z.uuid().nullable().optional(),
  /** Ours (issue 38): a pinned chat stays at the top of its list. */
  pinned: z.boolean().optional(),
});
export type ChatSession = z.infer<typeof ChatSessionSchema>;

/** Where a stored message stands: an assistant reply is `streaming` (its text so far) until it ends. */
export const ChatMessageStatusSchema = z.enum(['streaming', 'completed', 'stopped', 'failed']);
export type ChatMessageStatus = z.infer<typeof ChatMessageStatusSchema>;

/**
 * Ours (issue 25, edit and branch): where a message stands among its versions, when it has more than one: the edits
 * of a member's message, or the regenerated answers to one (per model column on the playground); "‹ 2/3 ›".
 */
export const ChatMessageVersionsSchema = z.object({
  /** 1-based, in the order written. */
  index: z.number().int().positive(),
  count: z.number().int().positive(),
  /** The versions before and after this one (what "Previous version" and "Next version" show). */
  previous: z.uuid().nullable(),
  next: z.uuid().nullable(),
});
export type ChatMessageVersions = z.infer<typeof ChatMessageVersionsSchema>;

export const ChatMessageSchema = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  role: ChatRoleSchema,
  /** Model that wrote an assistant message; null for user messages. */
  model_name: z.string().nullable(),
  content: z.string(),
  created_at: TimestampSchema,
  /** Web chat and web-search assistant messages may cite sources, numbered in order ([1] is the first). */
  citations: z.array(CitationSchema).optional(),
  /** Ours: the files attached to a member's chat agent message. */
  attachments: z.array(ChatAttachmentSchema).optional(),
  /** Ours: a web chat answer made by the local extractive answerer (no provider key), not by a model. */
  local: z.boolean().optional(),
  /**
   * Ours. An assistant message's reply id: the `messageId` Stop takes (the four columns of one playground message
   * share it); null for user messages.
   */
  reply_id: z.uuid().nullable().optional(),
  /** Ours: the model's reasoning, shown apart from the answer (empty when the provider sent none). */
  reasoning: z.string().optional(),
  /**
   * Ours: a reply still `streaming` shows its text so far; `failed` carries `error` (the spec's words); `stopped` by
   * the time limit carries the note that says so.
   */
  status: ChatMessageStatusSchema.optional(),
  error: z.string().nullable().optional(),
  /**
   * Ours: what an assistant message's reply cost in credits, 0 when it was free (failed, stopped before any text);
   * null while it is being written (and for messages stored before costs were kept). The four columns of a
   * playground message each carry the message's one price.
   */
  credits: z.number().int().nonnegative().nullable().optional(),
  /**
   * Ours (issue 25): a playground answer fused from a turn's four answers: the reply id of the turn it merged
   * (its `model_name` is the model that fused them). Absent on every other message.
   */
  fused_from: z.uuid().optional(),
  /** Ours: the member's message this one follows (a member's message) or answers (an answer); null for the first. */
  parent_id: z.uuid().nullable().optional(),
  /** Ours: the message's versions, when it has more than one (a session's messages are the branch shown). */
  versions: ChatMessageVersionsSchema.optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Session lists show 10 at first and 10 more on scroll (docs/product-rules.md#states, #costs-and-limits). */
export const CHAT_SESSIONS_PAGE = { pageSize: 10, maxPageSize: 50 } as const;
export const CHAT_SEARCH_MAX = 200;

/**
 * `?cursor=&limit=&q=&projectId=`: one page of a chat tool's sessions, pinned first, then newest activity first; `q`
 * searches titles and messages; `projectId` keeps the chats of one of the member's projects (issue 38).
 */
export const ChatSessionsQuerySchema = cursorQuery(CHAT_SESSIONS_PAGE).extend({
  q: z.string().trim().max(CHAT_SEARCH_MAX).optional(),
  projectId: z.string().min(1).max(64).optional(),
});
export type ChatSessionsQuery = z.infer<typeof ChatSessionsQuerySchema>;

export const ChatSessionsReplySchema = cursorPage(ChatSessionSchema, 'sessions');
export type ChatSessionsReply = z.infer<typeof ChatSessionsReplySchema>;

export const CHAT_TITLE_MAX = 100;

/**
 * PATCH of a session: a new title, a move into a project of the member's (`projectId`; null takes it out), a pin
 * (issue 38). At least one of them.
 */
export const RenameChatSessionRequestSchema = z
  .object({
    title: z
      .string({ error: () => V.invalidRequest })
      .trim()
      .min(1, { error: () => V.invalidRequest, abort: true })
      .max(CHAT_TITLE_MAX, { error: () => V.invalidRequest })
      .optional(),
    projectId: z.string().min(1).max(64).nullable().optional(),
    pinned: z.boolean().optional(),
  })
  .refine((req) => req.title !== undefined || req.projectId !== undefined || req.pinned !== undefined, {
    error: () => V.invalidRequest,
  });
export type RenameChatSessionRequest = z.infer<typeof RenameChatSessionRequestSchema>;

export const RenameChatSessionReplySchema = successReply({ session: ChatSessionSchema });
export type RenameChatSessionReply = z.infer<typeof RenameChatSessionReplySchema>;

/**
 * `:id` of a session. Any text up to a UUID's length is accepted here: an id that is not a UUID is one more unknown
 * session (404, exactly like another member's), so the reply never tells the two apart.
 */
export const ChatSessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * `?sessionId=`. Any text up to a UUID's length is accepted here: an id that is not a UUID is one more unknown
 * session (404, like another member's), not a validation error that would tell the two apart.
 */
export const ChatMessagesQuerySchema = z.object({ sessionId: z.string().min(1).max(64) });
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuerySchema>;

export const ChatMessagesReplySchema = successReply({ messages: z.array(ChatMessageSchema) });
export type ChatMessagesReply = z.infer<typeof ChatMessagesReplySchema>;

/**
 * `:id` of a reply (the `start` event's messageId). Any text up to a UUID's length is accepted here: an id that is
 * not a UUID is one more unknown reply (404, like another member's).
 */
export const ChatReplyParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * GET /api/chat/replies/:id as JSON: waits for the reply to end and answers its stored messages (one per playground
 * column), exactly as the session's messages show them.
 */
export const ChatReplyReplySchema = successReply({
  sessionId: z.uuid(),
  messageId: z.uuid(),
  status: z.enum(['completed', 'stopped', 'failed']),
  messages: z.array(ChatMessageSchema),
});
export type ChatReplyReply = z.infer<typeof ChatReplyReplySchema>;

/**
 * POST /api/chat/show-version: shows this version of a message (a member's message or an answer) in place of its
 * siblings; the session's messages are then its branch through it. Kept, so it survives a reload. Any text up to a
 * UUID's length is accepted: a malformed id is one more unknown message (404, like another member's).
 */
export const ChatShowVersionRequestSchema = z.object({ messageId: z.string().min(1).max(64) });
export type ChatShowVersionRequest = z.infer<typeof ChatShowVersionRequestSchema>;

export const DeleteChatSessionReplySchema = successReply({});
export type DeleteChatSessionReply = z.infer<typeof DeleteChatSessionReplySchema>;
