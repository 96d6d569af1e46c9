// The web chat's first step (docs/product-rules.md#screens): a page's address, example links that fill it in, and
// 'Start Chat' with the follow-ups' price beside it. The page holds the address, so a start refused before it began
// leaves it in the field.
import type { FormEvent } from 'react';
import { ExternalLink } from 'lucide-react';
import { UI_TEXTS, WEB_CHAT_EXAMPLE_LINKS } from '@act/contracts';
import { Button, TextField } from '@act/host-sdk';

const T = UI_TEXTS.chat;

/** 'en.wikipedia.org/wiki/Large_language_model' for an example link. */
function shortUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/** A page the web chat reads, opened in a new tab. */
export function PageLink({ url }: { url: string }) {
  return (
    <a className="ch-page-link" href={url} target="_blank" rel="noopener noreferrer nofollow">
      <span className="ch-page-link__url">{shortUrl(url)}</span>
      <ExternalLink size={13} aria-hidden />
    </a>
  );
}

export interface UrlStepProps {
  /** The screen's introduction. */
  intro: string;
  address: string;
  /** Why the address was refused, or null. */
  error: string | null;
  /** The member typed or picked an address. */
  onAddress(address: string): void;
  onStart(event: FormEvent): void;
  /** Start is refused (not enough credits to start). */
  startBlocked: boolean;
  /** What each follow-up costs, said beside Start. */
  followUpCost: number;
}

export function UrlStep({
  intro,
  address,
  error,
  onAddress,
  onStart,
  startBlocked,
  followUpCost,
}: UrlStepProps) {
  return (
    <div className="ch-thread">
      <form className="ch-url-step" onSubmit={onStart} noValidate>
        <p className="ch-main__empty">{intro}</p>
        <TextField
          label={T.webUrlLabel}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={T.webUrlPlaceholder}
          value={address}
          error={error}
          onChange={(event) => onAddress(event.target.value)}
        />
        <div className="ch-url-step__examples">
          <span className="ch-url-step__examples-label">{T.exampleLinks}</span>
          <ul>
            {WEB_CHAT_EXAMPLE_LINKS.map((link) => (
              <li key={link}>
                <button type="button" className="ch-example" onClick={() => onAddress(link)}>
                  {shortUrl(link)}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="ch-url-step__actions">
          <Button type="submit" variant="gradient" disabled={address.trim() === '' || startBlocked}>
            {T.startWebChat}
          </Button>
          <span className="ch-composer__cost">{T.followUpCost(followUpCost)}</span>
        </div>
      </form>
    </div>
  );
}
