// The library's first page, asked for as soon as the session is known (docs/performance.md#library-page). The auth
// gate shows a member page only once the balance (/api/credits/me) has answered, so the page's own request would
// start only after that round trip and a render. Asked beside the balance instead, and handed to the page once: for
// the same member and the same filters, and only while fresh. Anything else (another member signed in meanwhile,
// other filters, a later visit) is dropped and the page asks the server itself.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LIBRARY_ENDPOINTS, LIBRARY_TEXTS, type LibraryItemsReply } from '@act/contracts';
import { useStoreState, type ApiClient } from '@act/host-sdk';
import { useServices } from '../../app/services-context';
import { isImagePreview } from './library-card';
import { FIRST_PAINT_ROWS } from './library-grid';
import { columnsFor } from './use-columns';
import { libraryQueryOf, type LibraryQuery } from './use-library-filters';

/** Ours: how long an early first page may wait for the page before it is dropped. */
const FRESH_MS = 10_000;

let early: { key: string; reply: Promise<LibraryItemsReply>; at: number } | null = null;

function keyOf(userId: string, { kind, tool, q }: LibraryQuery): string {
  return JSON.stringify([userId, kind ?? '', tool ?? '', q ?? '']);
}

/** One page of the member's library, newest first (`cursor` null: the first). */
export function fetchLibraryPage(
  api: ApiClient,
  { kind, tool, q }: LibraryQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<LibraryItemsReply> {
  return api.call(LIBRARY_ENDPOINTS.items, {
    query: { kind, tool, q, cursor: cursor ?? undefined },
    fallbackError: LIBRARY_TEXTS.loadFailed,
    signal,
  });
}

/**
 * Fetches the thumbnails of the rows the page shows first, as soon as the page's items are known: the page's largest
 * paint is one of them, and its own <img> would ask only once the page has rendered. The browser's image cache hands
 * them to those <img> (same URL, same mode).
 */
function fetchFirstThumbnails({ items }: LibraryItemsReply): void {
  const shown = items.slice(0, FIRST_PAINT_ROWS * columnsFor(window.innerWidth));
  for (const item of shown) {
    if (!item.previewUrl || !isImagePreview(item)) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = item.previewUrl;
  }
}

/** Starts the first page for `userId` now; the page takes it with takeFirstPage. */
export function askFirstPageEarly(api: ApiClient, userId: string, query: LibraryQuery): void {
  const reply = fetchLibraryPage(api, query, null);
  // A failure is the page's to show when it takes the reply; until then it is not unhandled.
  reply.then(fetchFirstThumbnails, () => undefined);
  early = { key: keyOf(userId, query), reply, at: Date.now() };
}

/** The first page asked early for this member and query, once; null when there is none to use. */
export function takeFirstPage(userId: string, query: LibraryQuery): Promise<LibraryItemsReply> | null {
  const taken = early;
  early = null;
  if (!taken || taken.key !== keyOf(userId, query) || Date.now() - taken.at > FRESH_MS) return null;
  return taken.reply;
}

/**
 * Rendered beside the auth gate on /library: asks for the first page once the session is known, while the gate still
 * waits for the balance. Placed before the gate, so on a visit from another member page (the gate lets the page in at
 * once) its effect still runs first and the page takes this request instead of making a second one.
 */
export function AskLibraryFirstPage(): null {
  const { auth, api } = useServices();
  const user = useStoreState(auth).user;
  const [params] = useSearchParams();
  const asked = useRef(false);
  useEffect(() => {
    if (!user || asked.current) return;
    asked.current = true;
    askFirstPageEarly(api, user.id, libraryQueryOf(params));
  }, [user, api, params]);
  return null;
}
