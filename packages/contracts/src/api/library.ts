// The member's library (issue 37, docs/product-rules.md#library): one index of everything a member made, kept by the
// library service from the `creation.created` / `creation.deleted` events every result-storing service publishes
// (creations.ts). Here its HTTP side: the list, one item (what `/tools/<tool>?from=<id>` fills in) and delete.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { ToolIdSchema } from '../tools';
import { successReply, TimestampSchema } from './common';
import { cursorPage, cursorQuery } from './pagination';

const V = ERROR_TEXTS.validation;

/** What a library item is: a picture, a sound, a conversation, a Deep Search report, a video summary, a prompt. */
export const CREATION_KINDS = ['image', 'audio', 'chat', 'report', 'summary', 'prompt'] as const;
export const CreationKindSchema = z.enum(CREATION_KINDS, { error: () => V.invalidRequest });
export type CreationKind = z.infer<typeof CreationKindSchema>;

/** Ours: the longest search text and the excerpt shown on a card. */
export const LIBRARY_LIMITS = { queryChars: 200, excerptChars: 280, pageSize: 40, maxPageSize: 100 } as const;

export const LibraryItemSchema = z.object({
  /** The result's own id in its service (a UUID): the same id `?from=` and DELETE take. */
  id: z.uuid(),
  kind: CreationKindSchema,
  tool: ToolIdSchema,
  title: z.string(),
  createdAt: TimestampSchema,
  /** A signed thumbnail URL (images) or, for text kinds, the item's route in the library; absent when none. */
  previewUrl: z.string().optional(),
  /** Ours: the first characters of a text result, for its card. */
  excerpt: z.string().optional(),
  /** Reopens the result in its tool (`/tools/<tool>?…`). */
  openUrl: z.string(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const LibraryItemsQuerySchema = cursorQuery({
  pageSize: LIBRARY_LIMITS.pageSize,
  maxPageSize: LIBRARY_LIMITS.maxPageSize,
}).extend({
  kind: CreationKindSchema.optional(),
  tool: ToolIdSchema.optional(),
  q: z
    .string()
    .trim()
    .max(LIBRARY_LIMITS.queryChars, { error: () => V.invalidRequest })
    .optional(),
  from: TimestampSchema.optional(),
  to: TimestampSchema.optional(),
});
export type LibraryItemsQuery = z.input<typeof LibraryItemsQuerySchema>;

export const LibraryItemsReplySchema = cursorPage(LibraryItemSchema, 'items');
export type LibraryItemsReply = z.infer<typeof LibraryItemsReplySchema>;

export const LibraryItemParamsSchema = z.object({ id: z.uuid({ error: () => ERROR_TEXTS.server.notFound }) });

/**
 * Ours: one answer of a chat item instead of the whole session (Send to under that answer): `message` is the
 * answer's reply id (the chat stream's `start` messageId), `column` its playground column (the model id). An answer
 * that is not the member's session's: 404, like an item that is not theirs; a `message` that is not an
 * id: 400.
 */
export const LibraryItemQuerySchema = z.object({
  message: z.uuid({ error: () => V.invalidRequest }).optional(),
  column: z
    .string()
    .max(200, { error: () => V.invalidRequest })
    .optional(),
});
export type LibraryItemQuery = z.input<typeof LibraryItemQuerySchema>;

/**
 * One item with what the next tool needs to start from it (`/tools/<tool>?from=<id>`): the whole text of a text
 * result (or of the one chat answer `?message=` names), or a signed URL of the stored file (an image or a sound) and its type.
 */
export const LibraryItemDetailSchema = LibraryItemSchema.extend({
  text: z.string().optional(),
  fileUrl: z.string().optional(),
  contentType: z.string().optional(),
});
export type LibraryItemDetail = z.infer<typeof LibraryItemDetailSchema>;

export const LibraryItemReplySchema = successReply({ item: LibraryItemDetailSchema });
export type LibraryItemReply = z.infer<typeof LibraryItemReplySchema>;

export const LIBRARY_ENDPOINTS = {
  items: endpoint({
    method: 'GET',
    path: '/api/library/items',
    access: 'member',
    request: LibraryItemsQuerySchema,
    reply: LibraryItemsReplySchema,
  }),
  item: endpoint({
    method: 'GET',
    path: '/api/library/items/:id',
    access: 'member',
    params: LibraryItemParamsSchema,
    request: LibraryItemQuerySchema,
    reply: LibraryItemReplySchema,
  }),
  /** Deletes the result in its own service (rows and stored files) and then its entry. Another member's id: 404. */
  deleteItem: endpoint({
    method: 'DELETE',
    path: '/api/library/items/:id',
    access: 'member',
    params: LibraryItemParamsSchema,
    reply: successReply({}),
  }),
} as const;
