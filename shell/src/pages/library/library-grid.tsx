// The library's cards, virtualised over the window's scroll so 10,000 items stay fast (docs/product-rules.md#library-page):
// only the rows near the visible part are in the page. When the last rows come into view the next cursor page loads
// (infinite scroll); a failed page shows its error with a Retry.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button, Spinner } from '@act/host-sdk';
import { LIBRARY_TEXTS, type LibraryItem } from '@act/contracts';
import { LibraryCard } from './library-card';
import { useColumns } from './use-columns';

const T = LIBRARY_TEXTS;
/**
 * Ours: a row's height with its gap (library.css gives every card this height, so rows need no measuring); rows left
 * to go when the next page is asked for.
 */
const ROW_HEIGHT_PX = 340;
const PREFETCH_ROWS = 2;
/** Rows whose thumbnails load eagerly: those a phone or a desktop shows before any scroll. */
export const FIRST_PAINT_ROWS = 2;

export interface LibraryGridProps {
  items: LibraryItem[];
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  loadMore(): void;
  onDelete(item: LibraryItem): void;
}

export function LibraryGrid({ items, hasMore, loadingMore, error, loadMore, onDelete }: LibraryGridProps) {
  const columns = useColumns();
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const rowCount = Math.ceil(items.length / columns);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 2,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !error && lastShown >= rowCount - 1 - PREFETCH_ROWS) loadMore();
  }, [hasMore, loadingMore, error, lastShown, rowCount, loadMore]);

  return (
    <>
      <p className="act-sr-only" aria-live="polite">
        {T.itemCount(items.length)}
      </p>
      <div ref={listRef} className="sh-library__grid" style={{ height: virtualizer.getTotalSize() }}>
        {rows.map((row) => (
          <div
            key={row.key}
            className="sh-library__row"
            style={{
              height: ROW_HEIGHT_PX,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {items.slice(row.index * columns, row.index * columns + columns).map((item) => (
              <LibraryCard
                key={item.id}
                item={item}
                onDelete={onDelete}
                eager={row.index < FIRST_PAINT_ROWS}
              />
            ))}
          </div>
        ))}
      </div>
      {loadingMore && <Spinner size={20} showLabel label={T.loadingMore} />}
      {error && (
        <Alert
          variant="error"
          action={
            <Button variant="outline" size="sm" onClick={loadMore}>
              {T.retry}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
    </>
  );
}
