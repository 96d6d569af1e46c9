// Chat service contracts (docs/product-rules.md#endpoints): playground, chat agent, reasoning chat and web chat, with
// their sessions.
import { z } from 'zod';
import { endpoint, toolEndpoint, type BodyLimitClass } from '../endpoint';
import type { ToolId } from '../tools';
import { ERROR_TEXTS, invalidWebsiteUrl } from '../errors';
import { LIMITS } from '../limits';
import { ChatModelIdSchema, getChatModel, PlaygroundModelIdSchema } from '../options';
import { cursorPage, cursorQuery } from './pagination';
import {
  ChatImageDataUrlSchema,
  PdfDataUrlSchema,
  QuestionFieldSchema,
  remainingCreditsField,
  successReply,
  TimestampSchema,
  ToolNameFieldSchema,
} from './common';
import { ChatFollowEventSchema, ChatStopRequestSchema, ChatStreamEventSchema } from './chat-stream';
import { CitationSchema } from './citation';

const V = ERROR_TEXTS.validation;

export const ChatRoleSchema = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

/** The four chat kinds, each with its own session list. */
export const CHAT_KINDS = ['playground', 'agent', 'reasoning', 'web'] as const;
export const ChatKindSchema = z.enum(CHAT_KINDS);
export type ChatKind = z.infer<typeof ChatKindSchema>;

export { CitationSchema, type Citation } from './citation';

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
const chatReplyFields = {
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

/**
 * POST deep-search (docs/product-rules.md#deep-search): a question in, a researched report out (a new session each
 * time). Streamed, its steps come as `step` events before the report's text.
 */
export const DeepSearchRequestSchema = z.object({
  question: QuestionFieldSchema,
  toolName: ToolNameFieldSchema,
});
export type DeepSearchRequest = z.infer<typeof DeepSearchRequestSchema>;

/** `response` is the report (Markdown; `[n]` cites `citations[n-1]`, each the exact page it came from). */
export const DeepSearchReplySchema = successReply({
  ...chatReplyFields,
  /** Every page read for the report, in the order read (cited or not). */
  sources: z.array(CitationSchema),
});
export type DeepSearchReply = z.infer<typeof DeepSearchReplySchema>;

/** GET deep-search status: whether a report can be made (a search provider and the LLM are both configured). */
export const DeepSearchStatusReplySchema = successReply({
  available: z.boolean(),
  /** What is missing, so the page can say it before the member types. */
  search: z.boolean(),
  llm: z.boolean(),
});
export type DeepSearchStatusReply = z.infer<typeof DeepSearchStatusReplySchema>;

/** Deep Search's own words (the texts a member reads on its page and in its errors). */
export const DEEP_SEARCH_TEXTS = {
  unavailableSearch: 'Deep Search is not available: no search provider is configured.',
  unavailableLlm: 'Deep Search is not available: no AI provider key is configured.',
  failed: 'Deep Search could not write a report. You were not charged.',
  noSources: 'Deep Search could not read any pages for this question. You were not charged.',
  insufficientCredits: 'You need 4 credits to run a Deep Search.',
  sourcesRead: 'Sources read',
  questionLabel: 'Your research question',
  questionPlaceholder: 'Ask a question to research across the web…',
  research: (cost: number) => `Research (${cost} credits)`,
  stop: 'Stop',
  stopped: 'Stopped. You were not charged.',
  newResearch: 'New research',
  history: 'Past reports',
  empty: 'Ask a question: Deep Search plans searches, reads the best pages and writes one cited report.',
  copy: 'Copy report',
  copied: 'Copied!',
  download: 'Download as Markdown',
  stepsLabel: 'Research steps',
  reportLabel: 'Report',
  stillWriting: 'This report is still being written…',
  loadSessions: 'Failed to load past reports',
  loadReport: 'Failed to load the report',
  deleteSession: 'Failed to delete the report',
  renameSession: 'Failed to rename the report',
  steps: {
    planning: 'Planning the research',
    searching: 'Searching',
    reading: 'Reading',
    writing: 'Writing the report',
  },
} as const;

/** Session lists show 10 at first and 10 more on scroll (docs/product-rules.md#states, #costs-and-limits). */
export const CHAT_SESSIONS_PAGE = { pageSize: 10, maxPageSize: 50 } as const;
export const CHAT_SEARCH_MAX = 200;

/** `?cursor=&limit=&q=`: one page of a chat tool's sessions, newest activity first; `q` searches titles and messages. */
export const ChatSessionsQuerySchema = cursorQuery(CHAT_SESSIONS_PAGE).extend({
  q: z.string().trim().max(CHAT_SEARCH_MAX).optional(),
});
export type ChatSessionsQuery = z.infer<typeof ChatSessionsQuerySchema>;

export const ChatSessionsReplySchema = cursorPage(ChatSessionSchema, 'sessions');
export type ChatSessionsReply = z.infer<typeof ChatSessionsReplySchema>;

export const CHAT_TITLE_MAX = 100;

export const RenameChatSessionRequestSchema = z.object({
  title: z
    .string({ error: V.invalidRequest })
    .trim()
    .min(1, { error: V.invalidRequest, abort: true })
    .max(CHAT_TITLE_MAX, { error: V.invalidRequest }),
});
export type RenameChatSessionRequest = z.infer<typeof RenameChatSessionRequestSchema>;

export const RenameChatSessionReplySchema = successReply({ session: ChatSessionSchema });
export type RenameChatSessionReply = z.infer<typeof RenameChatSessionReplySchema>;

/** GET /api/chat/status: whether chat can answer (a provider key is configured), shown before the member types. */
export const ChatStatusReplySchema = successReply({ available: z.boolean() });
export type ChatStatusReply = z.infer<typeof ChatStatusReplySchema>;

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
 * POST /api/chat/sessions/:id/fuse (issue 25, docs/product-rules.md#fuse): the chosen playground model merges the
 * four answers of one turn of the session (`replyId`, the turn's reply id) into one. Streamed like a chat reply,
 * priced as one chat agent message. `replyId` accepts any short text: an unknown one is a 404 like another member's.
 */
export const PlaygroundFuseRequestSchema = z.object({
  replyId: z.string().min(1).max(64),
  model: PlaygroundModelIdSchema,
});
export type PlaygroundFuseRequest = z.infer<typeof PlaygroundFuseRequestSchema>;

/** The fused answer (`response`, ending with its "Taken from" list) and the balance after it. */
export const PlaygroundFuseReplySchema = successReply({ ...chatReplyFields });
export type PlaygroundFuseReply = z.infer<typeof PlaygroundFuseReplySchema>;

/**
 * POST /api/chat/sessions/:id/continue (issue 25): a new chat agent session with the chosen playground model, whose
 * history is the member's messages and that model's answers. Free (no provider call).
 */
export const PlaygroundContinueRequestSchema = z.object({ model: PlaygroundModelIdSchema });
export type PlaygroundContinueRequest = z.infer<typeof PlaygroundContinueRequestSchema>;

export const PlaygroundContinueReplySchema = successReply({
  /** The new chat agent session. */
  sessionId: z.uuid(),
  /** The tool whose screen opens it (`/tools/<tool>?session=<sessionId>`). */
  tool: z.literal('chat-agent'),
  /** The chat agent model it continues with. */
  modelId: ChatModelIdSchema,
});
export type PlaygroundContinueReply = z.infer<typeof PlaygroundContinueReplySchema>;

/**
 * POST /api/chat/show-version: shows this version of a message (a member's message or an answer) in place of its
 * siblings; the session's messages are then its branch through it. Kept, so it survives a reload. Any text up to a
 * UUID's length is accepted: a malformed id is one more unknown message (404, like another member's).
 */
export const ChatShowVersionRequestSchema = z.object({ messageId: z.string().min(1).max(64) });
export type ChatShowVersionRequest = z.infer<typeof ChatShowVersionRequestSchema>;

export const DeleteChatSessionReplySchema = successReply({});
export type DeleteChatSessionReply = z.infer<typeof DeleteChatSessionReplySchema>;

/** The four endpoints of one chat assistant: send a message, list and delete its sessions, read a session. */
function chatEndpoints<
  const Tool extends ToolId,
  const Send extends z.ZodType,
  const Reply extends z.ZodType,
>(spec: {
  tool: Tool;
  paths: { sendMessage: string; sessions: string; session: string; messages: string };
  bodyLimit: BodyLimitClass;
  request: Send;
  reply: Reply;
}) {
  return {
    sendMessage: toolEndpoint({
      method: 'POST',
      path: spec.paths.sendMessage,
      tool: spec.tool,
      bodyLimit: spec.bodyLimit,
      request: spec.request,
      reply: spec.reply,
      events: ChatStreamEventSchema,
    }),
    sessions: endpoint({
      method: 'GET',
      path: spec.paths.sessions,
      access: 'member',
      request: ChatSessionsQuerySchema,
      reply: ChatSessionsReplySchema,
    }),
    renameSession: endpoint({
      method: 'PATCH',
      path: spec.paths.session,
      access: 'member',
      params: ChatSessionParamsSchema,
      request: RenameChatSessionRequestSchema,
      reply: RenameChatSessionReplySchema,
    }),
    deleteSession: endpoint({
      method: 'DELETE',
      path: spec.paths.session,
      access: 'member',
      params: ChatSessionParamsSchema,
      reply: DeleteChatSessionReplySchema,
    }),
    messages: endpoint({
      method: 'GET',
      path: spec.paths.messages,
      access: 'member',
      request: ChatMessagesQuerySchema,
      reply: ChatMessagesReplySchema,
    }),
  } as const;
}

/** The chat endpoints (docs/product-rules.md#endpoints; drafts until the chat service is built). */
export const CHAT_ENDPOINTS = {
  // The spec's playground function is `chat/...`; under the /api/chat prefix it needs no second `chat`.
  playground: {
    ...chatEndpoints({
      tool: 'ai-chat-playground',
      paths: {
        sendMessage: '/api/chat/send-message',
        sessions: '/api/chat/sessions',
        session: '/api/chat/sessions/:id',
        messages: '/api/chat/messages',
      },
      bodyLimit: 'chatHistory',
      request: PlaygroundSendMessageRequestSchema,
      reply: PlaygroundSendMessageReplySchema,
    }),
    /** Issue 25: one model merges a turn's four answers; charged as one chat agent message. */
    fuse: toolEndpoint({
      method: 'POST',
      path: '/api/chat/sessions/:id/fuse',
      tool: 'chat-agent',
      params: ChatSessionParamsSchema,
      request: PlaygroundFuseRequestSchema,
      reply: PlaygroundFuseReplySchema,
      events: ChatStreamEventSchema,
    }),
    /** Issue 25: the comparison goes on as a chat agent session with one of its models; free. */
    continueWith: endpoint({
      method: 'POST',
      path: '/api/chat/sessions/:id/continue',
      access: 'member',
      params: ChatSessionParamsSchema,
      request: PlaygroundContinueRequestSchema,
      reply: PlaygroundContinueReplySchema,
    }),
  },
  agent: chatEndpoints({
    tool: 'chat-agent',
    paths: {
      sendMessage: '/api/chat/chat-agent/send-message',
      sessions: '/api/chat/chat-agent/sessions',
      session: '/api/chat/chat-agent/sessions/:id',
      messages: '/api/chat/chat-agent/messages',
    },
    bodyLimit: 'chatAttachments',
    request: ChatAgentSendMessageRequestSchema,
    reply: ChatSendMessageReplySchema,
  }),
  reasoning: chatEndpoints({
    tool: 'chat-reasoning',
    paths: {
      sendMessage: '/api/chat/chat-reasoning/send-message',
      sessions: '/api/chat/chat-reasoning/sessions',
      session: '/api/chat/chat-reasoning/sessions/:id',
      messages: '/api/chat/chat-reasoning/messages',
    },
    bodyLimit: 'chatAttachments',
    request: ChatReasoningSendMessageRequestSchema,
    reply: ChatSendMessageReplySchema,
  }),
  /** prompt 'INITIAL_SETUP' with url starts a chat; sessionId with prompt continues it. */
  web: chatEndpoints({
    tool: 'ai-web-chat',
    paths: {
      sendMessage: '/api/chat/ai-web-chat',
      sessions: '/api/chat/ai-web-chat-sessions',
      session: '/api/chat/ai-web-chat-sessions/:id',
      messages: '/api/chat/ai-web-chat-messages',
    },
    bodyLimit: 'json',
    request: WebChatRequestSchema,
    reply: WebChatReplySchema,
  }),
  /** Deep Search: a researched, cited report per question; its sessions are its saved reports. */
  deepSearch: {
    ...chatEndpoints({
      tool: 'deep-search',
      paths: {
        sendMessage: '/api/chat/deep-search',
        sessions: '/api/chat/deep-search-sessions',
        session: '/api/chat/deep-search-sessions/:id',
        messages: '/api/chat/deep-search-messages',
      },
      bodyLimit: 'json',
      request: DeepSearchRequestSchema,
      reply: DeepSearchReplySchema,
    }),
    /** Public, like the chat status: the page says what is missing before the member types. */
    status: endpoint({
      method: 'GET',
      path: '/api/chat/deep-search/status',
      access: 'public',
      reply: DeepSearchStatusReplySchema,
    }),
  },
  /** Whether chat can answer at all (a provider key is configured); public, so a tool page can say so at once. */
  status: endpoint({
    method: 'GET',
    path: '/api/chat/status',
    access: 'public',
    reply: ChatStatusReplySchema,
  }),
  /**
   * Follows a reply of any chat tool by its messageId, from any replica (docs/product-rules.md#resume): streamed, the
   * text so far then the rest as it arrives; JSON, the reply once it ended. Another member's reply answers 404.
   */
  follow: endpoint({
    method: 'GET',
    path: '/api/chat/replies/:id',
    access: 'member',
    params: ChatReplyParamsSchema,
    reply: ChatReplyReplySchema,
    events: ChatFollowEventSchema,
  }),
  /** Shows one version of a message of any chat tool (edit and branch, ‹ 2/3 ›); another member's answers 404. */
  showVersion: endpoint({
    method: 'POST',
    path: '/api/chat/show-version',
    access: 'member',
    request: ChatShowVersionRequestSchema,
    reply: successReply({}),
  }),
  /** Stops a streamed reply of any chat tool by its messageId, on whichever replica holds the stream. */
  stop: endpoint({
    method: 'POST',
    path: '/api/chat/stop',
    access: 'member',
    request: ChatStopRequestSchema,
    reply: successReply({}),
  }),
} as const;
