// A tool page's own list of the member's stored results (docs/product-rules.md#result-history): a prompt tool's
// "Recent results" and the summarizer's "Past summaries" are this one list. Each entry shows what it is listed under,
// its date and (when it has one) its text, with Open (the page shows it again), Copy, Send to (the next tool, by the
// entry's id, which is its library item's id) and Delete after a confirmation; Load more when the page has more.
import { useId, useState } from 'react';
import { Copy, Trash2 } from 'lucide-react';
import { UI_TEXTS, formatLongDate, type CreationKind, type ToolId } from '@act/contracts';
import { useCopy } from '../use-copy';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { SendToMenu } from './send-to-menu';
import './result-history.css';

export interface ResultHistoryItem {
  /** The stored result's id: also its library item's id (what Send to names in `?from=`). */
  id: string;
  /** What the entry is listed under: a prompt's input, a video's title. */
  title: string;
  /** The stored text, shown under the title and copied by Copy; absent when the entry is listed by title alone. */
  text?: string;
  createdAt: string;
}

export interface ResultHistoryTexts {
  title: string;
  empty: string;
  open: string;
  openLabel(title: string): string;
  copyLabel(title: string): string;
  deleteLabel(title: string): string;
  confirmTitle: string;
  confirmText(title: string): string;
  loadMore: string;
}

export interface ResultHistoryProps<Item extends ResultHistoryItem> {
  texts: ResultHistoryTexts;
  items: readonly Item[];
  error: string | null;
  /** The kind of result listed and the tool that made it: what Send to offers (SEND_TO_TARGETS). */
  kind: CreationKind;
  tool: ToolId;
  navigate(path: string): void;
  onOpen(item: Item): void;
  onDelete(item: Item): Promise<void>;
  /** Present while there are older entries to load. */
  onLoadMore?: () => void;
}

export function ResultHistory<Item extends ResultHistoryItem>(props: ResultHistoryProps<Item>) {
  const { texts, items, error, onLoadMore } = props;
  const headingId = useId();
  const [deleting, setDeleting] = useState<Item | null>(null);
  return (
    <section className="act-card act-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="act-history__title">
        {texts.title}
      </h2>
      {error && (
        <p className="act-error-text" role="alert">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="act-history__empty">{texts.empty}</p>
      ) : (
        <ul className="act-history__list">
          {items.map((item) => (
            <ResultHistoryEntry<Item> key={item.id} {...props} item={item} onAskDelete={setDeleting} />
          ))}
        </ul>
      )}
      {onLoadMore && (
        <Button variant="outline" onClick={onLoadMore}>
          {texts.loadMore}
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={texts.confirmTitle}
        description={deleting ? texts.confirmText(deleting.title) : ''}
        confirmLabel={UI_TEXTS.common.delete}
        destructive
        onConfirm={async () => {
          if (deleting) await props.onDelete(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}

type EntryProps<Item extends ResultHistoryItem> = ResultHistoryProps<Item> & {
  item: Item;
  onAskDelete(item: Item): void;
};

function ResultHistoryEntry<Item extends ResultHistoryItem>(props: EntryProps<Item>) {
  const { item, texts } = props;
  const { copied, copy } = useCopy();
  return (
    <li className="act-history__item">
      <div className="act-history__head">
        <span className="act-history__name">{item.title}</span>
        <time className="act-history__date" dateTime={item.createdAt}>
          {formatLongDate(item.createdAt)}
        </time>
      </div>
      {item.text !== undefined && <p className="act-history__text">{item.text}</p>}
      <div className="act-history__actions">
        <Button
          variant="outline"
          size="sm"
          onClick={() => props.onOpen(item)}
          aria-label={texts.openLabel(item.title)}
        >
          {texts.open}
        </Button>
        {item.text !== undefined && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void copy(item.text ?? '')}
            aria-label={texts.copyLabel(item.title)}
            aria-live="polite"
          >
            <Copy size={16} aria-hidden />
            {copied ? UI_TEXTS.common.copied : UI_TEXTS.common.copy}
          </Button>
        )}
        <SendToMenu
          itemId={item.id}
          kind={props.kind}
          fromTool={props.tool}
          title={item.title}
          navigate={props.navigate}
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() => props.onAskDelete(item)}
          aria-label={texts.deleteLabel(item.title)}
        >
          <Trash2 size={16} aria-hidden />
          {UI_TEXTS.common.delete}
        </Button>
      </div>
    </li>
  );
}
