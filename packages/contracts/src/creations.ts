// Server only (@act/contracts/server): the events that keep the member's library (issue 37; api/library.ts). Every
// service that stores a result writes `creation.created` into its outbox in the result's own transaction, and
// `creation.deleted` in the delete's; the library service applies them idempotently, in any order (an entry deleted
// first is never brought back by a late `created`). Deleting from the library asks the owning service over NATS
// request/reply (`library.delete.<service>`), which deletes rows and files and publishes `creation.deleted`.
import { z } from 'zod';
import { CreationKindSchema } from './api/library';
import { TimestampSchema } from './api/common';
import { ToolIdSchema } from './tools';

/** The services that own results (the `service` of an event, and the `<service>` of the delete subject). */
export const CREATION_SERVICES = ['prompt', 'chat', 'image', 'voice', 'youtube'] as const;
export const CreationServiceSchema = z.enum(CREATION_SERVICES);
export type CreationService = z.infer<typeof CreationServiceSchema>;

/** Ours: the searchable text kept per item (a longer result is cut; search covers its beginning). */
export const CREATION_TEXT_CHARS = 20_000;

/** A stored file of the result, in the shared object store: the library signs its URL with FILE_URL_SECRET. */
export const CreationFileSchema = z.object({
  /** The object store key (`<service>/<owner>/<name>`). */
  key: z.string().min(1).max(500),
  contentType: z.string().min(1).max(100),
});
export type CreationFile = z.infer<typeof CreationFileSchema>;

export const CreationCreatedSchema = z.object({
  type: z.literal('created'),
  /** The result's id in its service (a UUID); the library item's id. */
  id: z.uuid(),
  userId: z.uuid(),
  service: CreationServiceSchema,
  kind: CreationKindSchema,
  tool: ToolIdSchema,
  title: z.string().max(300),
  /** The result's text for search and for the next tool (prompt, summary, report, the chat's answers). */
  text: z.string().max(CREATION_TEXT_CHARS).optional(),
  /** The result's file (image, audio) and its thumbnail when it has one. */
  file: CreationFileSchema.optional(),
  thumbnail: CreationFileSchema.optional(),
  /** Reopens the result in its tool, e.g. `/tools/youtube-summarizer?summary=<id>`. */
  openUrl: z.string().max(500),
  createdAt: TimestampSchema,
});
export type CreationCreated = z.infer<typeof CreationCreatedSchema>;

export const CreationDeletedSchema = z.object({
  type: z.literal('deleted'),
  id: z.uuid(),
  userId: z.uuid(),
  service: CreationServiceSchema,
  deletedAt: TimestampSchema,
});
export type CreationDeleted = z.infer<typeof CreationDeletedSchema>;

export const CreationEventSchema = z.discriminatedUnion('type', [
  CreationCreatedSchema,
  CreationDeletedSchema,
]);
export type CreationEvent = z.infer<typeof CreationEventSchema>;

/** `library.delete.<service>` request: delete this member's result (rows and files). */
export const CreationDeleteRequestSchema = z.object({ id: z.uuid(), userId: z.uuid() });
export type CreationDeleteRequest = z.infer<typeof CreationDeleteRequestSchema>;

/** The reply: `deleted` false when the member has no such result (already gone, or never theirs). */
export const CreationDeleteReplySchema = z.object({ deleted: z.boolean() });
export type CreationDeleteReply = z.infer<typeof CreationDeleteReplySchema>;

/**
 * `library.answer.chat` request: one stored answer of the member's chat session (Send to under that answer). The
 * answer is named by its reply's id (the chat stream's `start` messageId) and, on the playground, its column (the
 * model id), since one reply there has an answer per column.
 */
export const ChatAnswerRequestSchema = z.object({
  sessionId: z.uuid(),
  userId: z.uuid(),
  messageId: z.uuid(),
  column: z.string().max(200).optional(),
});
export type ChatAnswerRequest = z.infer<typeof ChatAnswerRequestSchema>;

/** The reply: the answer's text, or null when the member's session has no such finished answer. */
export const ChatAnswerReplySchema = z.object({ text: z.string().nullable() });
export type ChatAnswerReply = z.infer<typeof ChatAnswerReplySchema>;
