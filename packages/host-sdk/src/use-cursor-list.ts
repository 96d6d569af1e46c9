// State of a cursor-paged list of the member's own records (usage history, chat sessions, galleries; contracts
// `cursorPage`): the first page on mount, more on demand or when scrolled near the bottom (spec: gallery 100 px,
// session lists 50 px, LIMITS.*ScrollTriggerPx), and a reload from the start. A load that a reload or an unmount
// overtook is aborted and its answer ignored, and a load already under way is never started twice.
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';
import { ERROR_TEXTS } from '@act/contracts';
import { errorMessage } from './api-error';

export interface CursorPage<Item> {
  items: Item[];
  /** Cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Fetches the page after `cursor` (null: the first page). */
export type FetchCursorPage<Item> = (cursor: string | null, signal: AbortSignal) => Promise<CursorPage<Item>>;

export interface CursorListOptions {
  /** Text shown when a failure carries none. */
  fallbackError?: string;
}

export interface CursorList<Item> {
  items: Item[];
  /** The first page is loading (after mount or reload). */
  loading: boolean;
  /** A further page is loading. */
  loadingMore: boolean;
  /** Text of the last failed load, cleared by the next successful one. */
  error: string | null;
  hasMore: boolean;
  /** Loads the next page unless there is none or a load is under way. */
  loadMore(): Promise<void>;
  /** Drops the pages and loads the first one again. */
  reload(): void;
  /** A scroll handler that loads the next page once the element is scrolled within `thresholdPx` of its bottom. */
  onScrollNearBottom(thresholdPx: number): (event: UIEvent<HTMLElement>) => void;
}

/** True when less than `thresholdPx` (or exactly that much) is left to scroll below the visible part. */
export function isNearBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  thresholdPx: number,
): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= thresholdPx;
}

interface ListState<Item> {
  items: Item[];
  nextCursor: string | null;
  loading: boolean;
  loadingMore: boolean;
  error: string | null;
}

const INITIAL = { items: [], nextCursor: null, loading: true, loadingMore: false, error: null };

export function useCursorList<Item>(
  fetchPage: FetchCursorPage<Item>,
  options: CursorListOptions = {},
): CursorList<Item> {
  const fallbackError = options.fallbackError ?? ERROR_TEXTS.generic.unexpected;
  const [state, setState] = useState<ListState<Item>>(INITIAL);
  // Refs hold what the callbacks must see at once (before React re-renders): the running load and the cursor.
  const inFlight = useRef<AbortController | null>(null);
  const cursor = useRef<string | null>(null);

  const load = useCallback(
    async (from: string | null) => {
      const controller = new AbortController();
      inFlight.current = controller;
      const first = from === null;
      setState((s) => (first ? { ...INITIAL, items: [] } : { ...s, loadingMore: true, loading: false }));
      try {
        const page = await fetchPage(from, controller.signal);
        if (controller.signal.aborted) return;
        cursor.current = page.nextCursor;
        setState((s) => ({
          items: first ? page.items : [...s.items, ...page.items],
          nextCursor: page.nextCursor,
          loading: false,
          loadingMore: false,
          error: null,
        }));
      } catch (err) {
        if (controller.signal.aborted) return;
        setState((s) => ({
          ...s,
          loading: false,
          loadingMore: false,
          error: errorMessage(err, fallbackError),
        }));
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
      }
    },
    [fetchPage, fallbackError],
  );

  const reload = useCallback(() => {
    inFlight.current?.abort();
    cursor.current = null;
    void load(null);
  }, [load]);

  // On mount, and again whenever the caller passes a different fetchPage (another filter, another member).
  useEffect(() => {
    reload();
    return () => {
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [reload]);

  const loadMore = useCallback(async () => {
    if (inFlight.current || cursor.current === null) return;
    await load(cursor.current);
  }, [load]);

  const onScrollNearBottom = useCallback(
    (thresholdPx: number) => (event: UIEvent<HTMLElement>) => {
      if (isNearBottom(event.currentTarget, thresholdPx)) void loadMore();
    },
    [loadMore],
  );

  return {
    items: state.items,
    loading: state.loading,
    loadingMore: state.loadingMore,
    error: state.error,
    hasMore: state.nextCursor !== null,
    loadMore,
    reload,
    onScrollNearBottom,
  };
}
