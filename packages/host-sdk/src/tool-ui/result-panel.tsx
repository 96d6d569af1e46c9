// The result pane of a prompt tool: a titled, read-only result with Copy ('Copied!' for 2 s), a placeholder before
// the first run and a spinner while the tool works.
import { Check, Copy } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button, Spinner, useCopy } from '@act/host-sdk';
import { FormattedText } from './formatted-text';

export interface ResultPanelProps {
  title: string;
  text: string | null;
  placeholder: string;
  loading: boolean;
  /** 'plain' keeps the text as written (prompts); 'rich' renders light Markdown (descriptions). */
  format?: 'plain' | 'rich';
}

export function ResultPanel({ title, text, placeholder, loading, format = 'plain' }: ResultPanelProps) {
  const { copied, error, copy } = useCopy();
  const headingId = `pr-result-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="act-card pr-result" aria-labelledby={headingId}>
      <header className="pr-result__header">
        <h2 id={headingId} className="pr-result__title">
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
      </header>
      <div className="pr-result__body" aria-busy={loading || undefined}>
        {loading ? (
          <div className="pr-result__loading">
            <Spinner showLabel label={UI_TEXTS.common.processing} />
          </div>
        ) : text ? (
          <div className={`pr-result__text pr-result__text--${format}`} tabIndex={0} aria-label={title}>
            {format === 'rich' ? <FormattedText text={text} /> : text}
          </div>
        ) : (
          <p className="pr-result__placeholder">{placeholder}</p>
        )}
      </div>
      {error && (
        <p className="pr-error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
