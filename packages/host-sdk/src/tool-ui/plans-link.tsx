// Out of credits is a path, not a wall (docs/product-rules.md#screens): beside "Insufficient Credits", a link to the
// plans that carries the tool page to come back to. With the host it navigates inside the shell; without one (a
// run button knows no host) it is an ordinary link, which the shell serves just the same.
import type { MouseEvent } from 'react';
import { UI_TEXTS, plansPath } from '@act/contracts';
import type { ToolHost } from '../tool-host';

export interface PlansLinkProps {
  host?: Pick<ToolHost, 'navigate'>;
  /** The page to come back to; the current page by default. */
  returnTo?: string;
}

function currentPath(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.location.pathname + window.location.search;
}

export function PlansLink({ host, returnTo }: PlansLinkProps) {
  const href = plansPath(returnTo ?? currentPath());
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A modified click (new tab, new window) keeps the browser's own behaviour.
    if (!host || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    host.navigate(href);
  }
  return (
    <a className="act-plans-link" href={href} onClick={onClick}>
      {UI_TEXTS.common.seePlans}
    </a>
  );
}
