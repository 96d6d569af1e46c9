// docs/architecture.md#status-announcements: after an in-app page change (not the first load, not a #section link on the same
// page) focus moves to the new page's h1 and its title is read through one polite region, as a full page load
// would. The h1 may come after the route (a member page waits for the session): it is awaited for a while.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

const HEADING_WAIT_MS = 10_000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  return true;
}

export function PageChangeFocus() {
  const { pathname } = useLocation();
  // The path focus was last settled for: the first load's (left alone), and an effect run twice by StrictMode does
  // not count as a page change.
  const settled = useRef(pathname);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (settled.current === pathname) return;
    settled.current = pathname;
    const arrive = () => {
      if (!focusHeading()) return false;
      // React writes the page's <title> in the commit that renders it, so it is the new page's by now.
      setMessage(document.title);
      return true;
    };
    if (arrive()) return;
    const observer = new MutationObserver(() => {
      if (arrive()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);

  return (
    <p className="act-sr-only" role="status" aria-live="polite">
      {message}
    </p>
  );
}
