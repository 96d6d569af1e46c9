// The member's library list for the page's filters (contracts LIBRARY_ENDPOINTS.items, newest first, cursor pages),
// and deleting an item: the server deletes the result in its own service with its files, then the card goes.
import { useCallback, useState } from 'react';
import { toast, useCursorList, type CursorList } from '@act/host-sdk';
import { LIBRARY_ENDPOINTS, LIBRARY_TEXTS, type LibraryItem } from '@act/contracts';
import { useServices } from '../../app/services-context';
import { fetchLibraryPage, takeFirstPage } from './library-first-page';
import type { LibraryQuery } from './use-library-filters';

export interface LibraryList extends CursorList<LibraryItem> {
  /** Deletes the item; resolves true when it is gone (a failure is shown as a toast). */
  remove(item: LibraryItem): Promise<boolean>;
}

export function useLibraryList({ kind, tool, q }: LibraryQuery): LibraryList {
  const { api, auth } = useServices();
  const fetchPage = useCallback(
    async (cursor: string | null, signal: AbortSignal) => {
      const query = { kind, tool, q };
      // The first page may already be on its way, asked beside the balance (library-first-page.ts).
      const userId = auth.getState().user?.id;
      const early = cursor === null && userId ? takeFirstPage(userId, query) : null;
      const reply = await (early ?? fetchLibraryPage(api, query, cursor, signal));
      return { items: reply.items, nextCursor: reply.nextCursor ?? null };
    },
    [api, auth, kind, tool, q],
  );
  const list = useCursorList(fetchPage, { fallbackError: LIBRARY_TEXTS.loadFailed });
  // Deleted items leave the loaded pages at once, keeping the member's place in the list.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());

  const remove = useCallback(
    async (item: LibraryItem) => {
      try {
        await api.call(LIBRARY_ENDPOINTS.deleteItem, {
          params: { id: item.id },
          fallbackError: LIBRARY_TEXTS.deleteFailed,
        });
        setRemoved((current) => new Set(current).add(item.id));
        toast({ variant: 'success', title: LIBRARY_TEXTS.deleted });
        return true;
      } catch {
        toast({ variant: 'error', title: LIBRARY_TEXTS.deleteFailed });
        return false;
      }
    },
    [api],
  );

  const items = removed.size ? list.items.filter((item) => !removed.has(item.id)) : list.items;
  return { ...list, items, remove };
}
