// One item of the library: its thumbnail (images) or the beginning of its text, title, tool and date, and what can
// be done with it: Open (in its tool), Send to (the next tool) and Delete (after a confirmation, on the page).
import { Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, SendToMenu } from '@act/host-sdk';
import { getTool, LIBRARY_TEXTS, type LibraryItem } from '@act/contracts';
import { formatDateTime } from '../../components/format';

const T = LIBRARY_TEXTS;

export interface LibraryCardProps {
  item: LibraryItem;
  onDelete(item: LibraryItem): void;
  /**
   * In the rows shown when the page opens: its thumbnail is the page's largest paint, so it loads at once and first
   * (a lazy image waits for layout and is fetched at low priority, which delayed the LCP; docs/performance.md).
   */
  eager?: boolean;
}

/** A signed thumbnail is an image; a text item's previewUrl is its library route, shown through its excerpt. */
export function isImagePreview(item: LibraryItem): boolean {
  return item.kind === 'image' && Boolean(item.previewUrl);
}

export function LibraryCard({ item, onDelete, eager = false }: LibraryCardProps) {
  const navigate = useNavigate();
  const toolName = getTool(item.tool)?.name ?? item.tool;
  const titleId = `library-item-${item.id}`;
  return (
    <article className="sh-library-card" aria-labelledby={titleId} data-testid="library-card">
      <div className="sh-library-card__preview">
        {isImagePreview(item) ? (
          <img
            src={item.previewUrl}
            alt={item.title}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <p className="sh-library-card__excerpt">{item.excerpt ?? T.kinds[item.kind]}</p>
        )}
      </div>
      <div className="sh-library-card__body">
        <h2 id={titleId} className="sh-library-card__title">
          {item.title}
        </h2>
        <p className="sh-library-card__meta">
          <span>{toolName}</span> · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </p>
        <div className="sh-library-card__actions">
          <Button asChild variant="primary" size="sm">
            <Link to={item.openUrl} aria-label={`${T.open} ${item.title}`}>
              {T.open}
            </Link>
          </Button>
          <SendToMenu
            itemId={item.id}
            kind={item.kind}
            fromTool={item.tool}
            title={item.title}
            navigate={(path) => void navigate(path)}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`${T.delete} ${item.title}`}
            onClick={() => onDelete(item)}
          >
            <Trash2 size={14} aria-hidden />
            {T.delete}
          </Button>
        </div>
      </div>
    </article>
  );
}
