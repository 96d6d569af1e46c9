// HTTP edges of shared chats (docs/product-rules.md#shared-chats): the member makes, lists and revokes links to
// snapshots of their sessions; anyone holding a live link reads its snapshot and its files. The public replies carry
// no user id, e-mail or credits, say `X-Robots-Tag: noindex`, and a revoked, expired or unknown link answers 404.
import {
  CHAT_SHARE_ENDPOINTS,
  ERROR_TEXTS,
  ErrorCode,
  sharedChatPath,
  type ChatShare,
  type SharedChatMessage,
} from '@act/contracts';
import { AppError, MEMBER_DATA_CACHE, Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import { sendStoredFile, type ObjectStore } from '@act/service-kit/files';
import type { StoredAttachment } from '../db/chat-store';
import type { ShareRow, ShareStore, SnapshotMessage } from '../db/share-store';
import type { CopyLimits } from '../domain/copy-limits';

export interface ShareRoutesDeps {
  verifier: JwtVerifier;
  shares: ShareStore;
  files: ObjectStore;
  /** A link is a free copy of the session: bounded per member and per session (LIMITS.chatCopies). */
  copies: CopyLimits;
}

const E = CHAT_SHARE_ENDPOINTS;

function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
}

function presentShare(row: ShareRow): ChatShare {
  return {
    id: row.id,
    token: row.token,
    url: sharedChatPath(row.token),
    title: row.title,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
  };
}

/** Every file of the snapshot, in message order: the n-th is served at `…/files/<n>`. */
function filesOf(messages: readonly SnapshotMessage[]): StoredAttachment[] {
  return messages.flatMap((message) => message.attachments ?? []);
}

/** The snapshot's messages for a reader: what was shown, its files through the link only. */
function presentMessages(token: string, messages: readonly SnapshotMessage[]): SharedChatMessage[] {
  let n = 0;
  return messages.map((message) => ({
    role: message.role,
    content: message.content,
    ...(message.role === 'assistant' ? { model: message.model } : {}),
    ...(message.citations?.length ? { citations: message.citations } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((attachment) => ({
            kind: attachment.kind,
            url: `/api/chat/shared/${encodeURIComponent(token)}/files/${n++}`,
            contentType: attachment.contentType,
            name: attachment.name,
            size: attachment.size,
          })),
        }
      : {}),
  }));
}

export function createShareRouter({ verifier, shares, files, copies }: ShareRoutesDeps): Router {
  const router = new Router();
  const options = { verifier };

  mountEndpoint(router, E.create, options, async (input, { caller, params }) => {
    const row = await copies.copy(caller.userId, params.id, 'share', () =>
      shares.create(caller.userId, params.id, input.expiresInDays ?? null),
    );
    return { share: presentShare(row) };
  });

  mountEndpoint(router, E.list, options, async (input, { caller }) => {
    const page = await shares.list(caller.userId, { cursor: input.cursor || undefined, limit: input.limit });
    return { shares: page.items.map(presentShare), nextCursor: page.nextCursor };
  });

  mountEndpoint(router, E.revoke, options, async (_input, { caller, params }) => {
    await shares.revoke(caller.userId, params.id);
    return {};
  });

  mountEndpoint(router, E.shared, {}, async (_input, { ctx, params }) => {
    // Said on every answer, the 404 included: a shared chat is never for search engines.
    ctx.set('x-robots-tag', 'noindex, nofollow');
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    const snapshot = await shares.findLive(params.token);
    if (!snapshot) throw notFound();
    return {
      title: snapshot.title,
      createdAt: snapshot.created_at.toISOString(),
      messages: presentMessages(params.token, snapshot.messages),
    };
  });

  mountEndpoint(router, E.sharedFile, {}, async (_input, { ctx, params }) => {
    ctx.set('x-robots-tag', 'noindex, nofollow');
    const snapshot = await shares.findLive(params.token);
    if (!snapshot || !/^\d{1,6}$/.test(params.n)) throw notFound();
    const attachment = filesOf(snapshot.messages)[Number(params.n)];
    if (!attachment) throw notFound();
    // Revocable at any time: nothing keeps a copy.
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    await sendStoredFile(ctx, files, attachment.key, { disposition: 'inline' });
    return undefined;
  });

  return router;
}
