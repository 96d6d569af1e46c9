// A wide table on a phone keeps its columns and scrolls inside its own region, never the page
// (docs/architecture.md#accessibility-sweep). The region takes focus so a keyboard can scroll it.
import type { ReactNode } from 'react';

export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
