// Shared chats (docs/product-rules.md#shared-chats): a member makes a read-only link to a snapshot of one of their
// chat sessions, lists and revokes their links; anyone holding a link reads the snapshot (messages only, never who
// wrote them) and its attachments through it. A revoked, expired or unknown link answers 404.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ChatRoleSchema, ChatSessionParamsSchema } from './chat-sessions';
import { CitationSchema } from './citation';
import { successReply, TimestampSchema } from './common';
import { cursorPage, cursorQuery } from './pagination';

/** The expiries a member may choose; null (or none) is a link that never expires. */
export const CHAT_SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export type ChatShareExpiryDays = (typeof CHAT_SHARE_EXPIRY_DAYS)[number];

/** The shell's page of a shared chat: `/share/<token>`. */
export function sharedChatPath(token: string): string {
  return `/share/${encodeURIComponent(token)}`;
}

export const CreateChatShareRequestSchema = z.object({
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30)])
    .nullable()
    .optional(),
});
export type CreateChatShareRequest = z.infer<typeof CreateChatShareRequestSchema>;

/** One of the member's links, as their account lists it. */
export const ChatShareSchema = z.object({
  id: z.uuid(),
  /** The link's secret (at least 128 random bits, base64url): whoever holds it reads the snapshot. */
  token: z.string(),
  /** The shared page's path (`/share/<token>`), on the site's own origin. */
  url: z.string(),
  /** The session's title when the link was made. */
  title: z.string(),
  createdAt: TimestampSchema,
  /** Null: never expires. */
  expiresAt: TimestampSchema.nullable(),
});
export type ChatShare = z.infer<typeof ChatShareSchema>;

export const CreateChatShareReplySchema = successReply({ share: ChatShareSchema });
export type CreateChatShareReply = z.infer<typeof CreateChatShareReplySchema>;

export const CHAT_SHARES_PAGE = { pageSize: 20, maxPageSize: 50 } as const;
export const ChatSharesQuerySchema = cursorQuery(CHAT_SHARES_PAGE);
export const ChatSharesReplySchema = cursorPage(ChatShareSchema, 'shares');
export type ChatSharesReply = z.infer<typeof ChatSharesReplySchema>;

/**
 * `:token` of a shared chat. Loose on purpose: whatever is wrong with a link, the answer is the same 404 as for a
 * revoked or expired one, never a validation error.
 */
export const SharedChatParamsSchema = z.object({ token: z.string().min(1).max(64) });
/** `:n`: the n-th file (from 0) of the shared messages, in the order the snapshot lists them. */
export const SharedChatFileParamsSchema = z.object({
  token: z.string().min(1).max(64),
  n: z.string().min(1).max(8),
});

/** A file attached to a shared message, served only through the link (`/api/chat/shared/<token>/files/<n>`). */
export const SharedChatAttachmentSchema = z.object({
  kind: z.enum(['image', 'pdf']),
  url: z.string(),
  contentType: z.string(),
  name: z.string().nullable(),
  size: z.number().int().nonnegative(),
});
export type SharedChatAttachment = z.infer<typeof SharedChatAttachmentSchema>;

/** A message of the snapshot: what was shown, nothing about who wrote it. */
export const SharedChatMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.string(),
  /** The model that wrote an assistant message (a playground turn has one per column). */
  model: z.string().nullable().optional(),
  citations: z.array(CitationSchema).optional(),
  attachments: z.array(SharedChatAttachmentSchema).optional(),
});
export type SharedChatMessage = z.infer<typeof SharedChatMessageSchema>;

export const SharedChatReplySchema = successReply({
  title: z.string(),
  createdAt: TimestampSchema,
  messages: z.array(SharedChatMessageSchema),
});
export type SharedChatReply = z.infer<typeof SharedChatReplySchema>;

export const CHAT_SHARE_ENDPOINTS = {
  /** Snapshots the member's session (any chat tool's) into a new link. Another member's session answers 404. */
  create: endpoint({
    method: 'POST',
    path: '/api/chat/sessions/:id/shares',
    access: 'member',
    params: ChatSessionParamsSchema,
    request: CreateChatShareRequestSchema,
    reply: CreateChatShareReplySchema,
  }),
  /** The member's links, newest first (expired ones included, so they can be revoked). */
  list: endpoint({
    method: 'GET',
    path: '/api/chat/shares',
    access: 'member',
    request: ChatSharesQuerySchema,
    reply: ChatSharesReplySchema,
  }),
  /** Revokes one of the member's links: it answers 404 from then on. Another member's link answers 404. */
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/chat/shares/:id',
    access: 'member',
    params: ChatSessionParamsSchema,
    reply: successReply({}),
  }),
  /** The snapshot behind a link, for anyone holding it (signed out included); sent with `X-Robots-Tag: noindex`. */
  shared: endpoint({
    method: 'GET',
    path: '/api/chat/shared/:token',
    access: 'public',
    params: SharedChatParamsSchema,
    reply: SharedChatReplySchema,
  }),
  /** A file of the snapshot, readable only through a live link. */
  sharedFile: endpoint({
    method: 'GET',
    path: '/api/chat/shared/:token/files/:n',
    access: 'public',
    params: SharedChatFileParamsSchema,
  }),
} as const;

export { CHAT_SHARE_TEXTS } from '../chat-share-texts';
