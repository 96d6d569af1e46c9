import './test-support/dom';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@act/contracts';
import { ApiError } from './api-error';
import { useCursorList, type CursorPage, type FetchCursorPage } from './use-cursor-list';

/** A server of `total` numbered rows in pages of `size`; the cursor is the index of the next row. */
function pagedServer(total: number, size: number) {
  const calls: (string | null)[] = [];
  const fetchPage = vi.fn<FetchCursorPage<number>>(async (cursor) => {
    calls.push(cursor);
    const start = cursor === null ? 0 : Number(cursor);
    const end = Math.min(start + size, total);
    const items = Array.from({ length: end - start }, (_, i) => start + i);
    return { items, nextCursor: end < total ? String(end) : null };
  });
  return { fetchPage, calls };
}

type List = ReturnType<typeof useCursorList<number>>;

function ListView({
  fetchPage,
  threshold,
  expose,
}: {
  fetchPage: FetchCursorPage<number>;
  threshold?: number;
  expose?(list: List): void;
}) {
  const list = useCursorList(fetchPage, { fallbackError: 'Could not load' });
  expose?.(list);
  return (
    <div
      data-testid="scroller"
      onScroll={list.onScrollNearBottom(threshold ?? LIMITS.sessionScrollTriggerPx)}
    >
      <output data-testid="items">{list.items.join(',')}</output>
      <output data-testid="state">
        {list.loading ? 'loading' : list.loadingMore ? 'more' : list.hasMore ? 'has-more' : 'done'}
      </output>
      {list.error && <p role="alert">{list.error}</p>}
    </div>
  );
}

const items = () => screen.getByTestId('items').textContent;
const state = () => screen.getByTestId('state').textContent;

/** Scrolls the list so that `remaining` px are left below the visible part (1000 px content, 400 px box). */
function scrollTo(remaining: number) {
  const scroller = screen.getByTestId('scroller');
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 600 - remaining });
  fireEvent.scroll(scroller);
}

describe('useCursorList', () => {
  it('loads the first page, then each next page with the cursor of the one before, until the last', async () => {
    const server = pagedServer(7, 3);
    let list!: List;
    render(<ListView fetchPage={server.fetchPage} expose={(l) => (list = l)} />);
    expect(state()).toBe('loading');
    await waitFor(() => expect(items()).toBe('0,1,2'));
    expect(state()).toBe('has-more');
    await act(() => list.loadMore());
    expect(items()).toBe('0,1,2,3,4,5');
    await act(() => list.loadMore());
    expect(items()).toBe('0,1,2,3,4,5,6');
    expect(state()).toBe('done');
    await act(() => list.loadMore());
    expect(server.calls).toEqual([null, '3', '6']);
  });

  it('starts a page only once while it loads', async () => {
    let release!: (page: CursorPage<number>) => void;
    const fetchPage = vi.fn<FetchCursorPage<number>>(async (cursor) =>
      cursor === null
        ? { items: [1], nextCursor: 'c1' }
        : new Promise<CursorPage<number>>((resolve) => (release = resolve)),
    );
    let list!: List;
    render(<ListView fetchPage={fetchPage} expose={(l) => (list = l)} />);
    await waitFor(() => expect(state()).toBe('has-more'));
    act(() => {
      void list.loadMore();
      void list.loadMore();
    });
    expect(state()).toBe('more');
    await act(async () => release({ items: [2], nextCursor: null }));
    expect(items()).toBe('1,2');
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('keeps the rows on a failed page, shows the text, and retries the same cursor', async () => {
    let fail = true;
    const fetchPage = vi.fn<FetchCursorPage<number>>(async (cursor) => {
      if (cursor === null) return { items: [1], nextCursor: 'c1' };
      if (fail) throw new ApiError('Server said no', 'INTERNAL', 500);
      return { items: [2], nextCursor: null };
    });
    let list!: List;
    render(<ListView fetchPage={fetchPage} expose={(l) => (list = l)} />);
    await waitFor(() => expect(items()).toBe('1'));
    await act(() => list.loadMore());
    expect(screen.getByRole('alert').textContent).toBe('Server said no');
    expect(items()).toBe('1');
    fail = false;
    await act(() => list.loadMore());
    expect(items()).toBe('1,2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'c1', 'c1']);
  });

  it('reloads from the first page and ignores the answer of the load it overtook', async () => {
    let release!: (page: CursorPage<number>) => void;
    let round = 0;
    const fetchPage = vi.fn<FetchCursorPage<number>>(async (cursor) => {
      if (cursor === null) return { items: [round * 10], nextCursor: 'next' };
      return new Promise<CursorPage<number>>((resolve) => (release = resolve));
    });
    let list!: List;
    render(<ListView fetchPage={fetchPage} expose={(l) => (list = l)} />);
    await waitFor(() => expect(items()).toBe('0'));
    act(() => void list.loadMore());
    round = 1;
    act(() => list.reload());
    await waitFor(() => expect(items()).toBe('10'));
    await act(async () => release({ items: [99], nextCursor: null }));
    expect(items()).toBe('10');
    expect(state()).toBe('has-more');
  });

  it('starts again from the first page when it is given another fetchPage', async () => {
    const first = pagedServer(5, 2);
    const second = pagedServer(3, 3);
    const { rerender } = render(<ListView fetchPage={first.fetchPage} />);
    await waitFor(() => expect(items()).toBe('0,1'));
    rerender(<ListView fetchPage={second.fetchPage} />);
    await waitFor(() => expect(items()).toBe('0,1,2'));
    expect(state()).toBe('done');
    expect(second.calls).toEqual([null]);
  });

  it('loads more when scrolled within the session lists threshold (50 px) of the bottom, not before', async () => {
    const server = pagedServer(30, 10);
    render(<ListView fetchPage={server.fetchPage} />);
    await waitFor(() => expect(state()).toBe('has-more'));
    scrollTo(LIMITS.sessionScrollTriggerPx + 1);
    expect(server.fetchPage).toHaveBeenCalledTimes(1);
    scrollTo(LIMITS.sessionScrollTriggerPx);
    await waitFor(() => expect(items()?.split(',')).toHaveLength(20));
    expect(server.calls).toEqual([null, '10']);
  });

  it('uses the threshold it is given: the gallery loads more within 100 px', async () => {
    const server = pagedServer(16, 8);
    render(<ListView fetchPage={server.fetchPage} threshold={LIMITS.galleryScrollTriggerPx} />);
    await waitFor(() => expect(state()).toBe('has-more'));
    scrollTo(LIMITS.galleryScrollTriggerPx + 1);
    expect(server.fetchPage).toHaveBeenCalledTimes(1);
    scrollTo(LIMITS.galleryScrollTriggerPx);
    await waitFor(() => expect(state()).toBe('done'));
    expect(items()?.split(',')).toHaveLength(16);
  });
});
