// The first focusable element of every page (docs/architecture.md#status-announcements): hidden until focused, it moves focus
// into the page's <main id="main">, past the header and its menus. Handled here rather than as a plain fragment
// link so the URL keeps no #main and focus lands in the main region in every browser.
import type { MouseEvent } from 'react';
// Its text comes from the inlined public data: importing @act/contracts here would make every landing page download
// contracts and zod (about 60 KB gzip) for one label.
import { PUBLIC_DATA } from './public-data';
import './skip-link.css';

export const MAIN_ID = 'main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  main.focus();
  main.scrollIntoView();
}

export function SkipLink() {
  return (
    <a className="sh-skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
      {PUBLIC_DATA.texts.skipToContent}
    </a>
  );
}
