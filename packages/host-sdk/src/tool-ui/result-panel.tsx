// The result pane of a text tool: a titled, read-only result with Copy ('Copied!' for 2 s), a placeholder before
// the first run and a spinner while the tool works.
import { useId, type ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useCopy } from '../use-copy';

export interface ResultPanelProps {
  title: string;
  text: string | null;
  placeholder: string;
  loading: boolean;
  /** Renders the text (e.g. light Markdown); without it the text shows as written, line breaks kept. */
  renderText?(text: string): ReactNode;
  /** More buttons beside Copy, shown with a result (e.g. its Send to menu). */
  actions?: ReactNode;
}

export function ResultPanel({ title, text, placeholder, loading, renderText, actions }: ResultPanelProps) {
  const { copied, error, copy } = useCopy();
  const headingId = useId();
  return (
    <section className="act-card act-result" aria-labelledby={headingId}>
      <header className="act-result__header">
        <h2 id={headingId} className="act-result__title">
          {title}
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => text && void copy(text)}
          disabled={!text || loading}
          aria-live="polite"
        >
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {copied ? UI_TEXTS.common.copied : UI_TEXTS.common.copy}
        </Button>
        {text && !loading && actions}
      </header>
      <div className="act-result__body" aria-busy={loading || undefined}>
        {loading ? (
          <div className="act-result__loading">
            <Spinner showLabel label={UI_TEXTS.common.processing} />
          </div>
        ) : text ? (
          <div
            className={`act-result__text act-result__text--${renderText ? 'rich' : 'plain'}`}
            // A long result scrolls: focusable so keyboard users can scroll it too.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-label={title}
          >
            {renderText ? renderText(text) : text}
          </div>
        ) : (
          <p className="act-result__placeholder">{placeholder}</p>
        )}
      </div>
      {error && (
        <p className="act-error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
