// The YouTube URL input both screens start with: the link, the run button and the link check of
// docs/product-rules.md#validation (the contracts' schema, so the screen and the service refuse the same links with
// the same text).
import type { FormEvent, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { LIMITS, UI_TEXTS } from '@act/contracts';
import { GenerateButton, TextField, type RunButton } from '@act/host-sdk';
import './url-form.css';

const T = UI_TEXTS.youtube;

export interface UrlFormProps {
  url: string;
  onUrlChange(url: string): void;
  /** Called with the trimmed link when it passes the check. */
  onSubmit(url: string): void;
  /** The check's text for a link it refuses, shown under the field. */
  urlError: string | null;
  icon: LucideIcon;
  button: RunButton;
  busy: boolean;
  /** Choices shown between the field and the run button (the summarizer's summary language). */
  settings?: ReactNode;
  /** Buttons after the run button (the summarizer's Clear All). */
  extra?: ReactNode;
}

export function UrlForm({
  url,
  onUrlChange,
  onSubmit,
  urlError,
  icon,
  button,
  busy,
  settings,
  extra,
}: UrlFormProps) {
  const run = () => {
    if (!button.disabled) onSubmit(url.trim());
  };
  // Enter in the field runs the tool too (a form with one field submits on Enter).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };
  return (
    <form className="yt-url-form" onSubmit={submit} noValidate>
      <TextField
        label={T.urlLabel}
        placeholder={T.urlPlaceholder}
        type="url"
        inputMode="url"
        autoComplete="off"
        value={url}
        onChange={(event) => onUrlChange(event.target.value)}
        maxLength={LIMITS.urlMax}
        disabled={busy}
        error={urlError ?? undefined}
        className="yt-url-form__field"
      />
      {settings}
      <GenerateButton icon={icon} className="yt-url-form__button" busy={busy} state={button} onClick={run} />
      {extra}
    </form>
  );
}
