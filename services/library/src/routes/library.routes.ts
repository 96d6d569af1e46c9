// HTTP edges of the member's library (docs/product-rules.md#library), mounted from their contracts definitions:
// the list (filters, search, keyset pages), one item with what the next tool starts from, and delete. Members only;
// every query names the caller, so another member's id answers 404 like one that never existed.
import { ERROR_TEXTS, ErrorCode, LIBRARY_ENDPOINTS } from '@act/contracts';
import {
  AppError,
  MEMBER_DATA_CACHE,
  Router,
  decodeCursor,
  mountEndpoint,
  type JwtVerifier,
} from '@act/service-kit';
import type { LibraryStore } from '../db/library-store';
import type { ChatAnswers } from '../domain/chat-answer';
import type { ItemDeleter } from '../domain/delete-item';
import type { ItemViews } from '../domain/item-views';

export interface LibraryRoutesDeps {
  verifier: JwtVerifier;
  store: LibraryStore;
  views: ItemViews;
  deleter: ItemDeleter;
  answers: ChatAnswers;
}

export function createLibraryRouter({ verifier, store, views, deleter, answers }: LibraryRoutesDeps): Router {
  const router = new Router();
  const E = LIBRARY_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.items, options, async (input, { caller, ctx }) => {
    const page = await store.list(caller.userId, {
      kind: input.kind,
      tool: input.tool,
      q: input.q || undefined,
      from: input.from,
      to: input.to,
      position: input.cursor ? decodeCursor(input.cursor) : undefined,
      limit: input.limit,
    });
    ctx.set('Cache-Control', MEMBER_DATA_CACHE);
    return { items: page.items.map(views.card), nextCursor: page.nextCursor };
  });

  mountEndpoint(router, E.item, options, async (input, { caller, params, ctx }) => {
    const notFound = () => new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
    const row = await store.find(caller.userId, params.id);
    if (!row) throw notFound();
    const detail = views.detail(row);
    ctx.set('Cache-Control', MEMBER_DATA_CACHE);
    if (!input.message) return { item: detail };
    // One answer of the member's own chat session (Send to under it): only chat items have answers.
    if (row.service !== 'chat') throw notFound();
    const text = await answers.textOf({
      sessionId: row.id,
      userId: caller.userId,
      messageId: input.message,
      ...(input.column ? { column: input.column } : {}),
    });
    return { item: { ...detail, text } };
  });

  mountEndpoint(router, E.deleteItem, options, async (_input, { caller, params }) => {
    await deleter.deleteItem(caller.userId, params.id);
    return {};
  });

  return router;
}
