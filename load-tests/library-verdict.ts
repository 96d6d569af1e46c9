// The library bench's pure parts (library-bench.ts measures): reading the page's LCP candidates and judging the
// figures against issue 37's targets (docs/performance.md#library-page).
import { ratio } from './bench-kit';
import type { Target } from './bench-run';

/** One `largest-contentful-paint` entry as the page recorded it. */
export interface LcpEntry {
  startTime: number;
  size: number;
  /** `tag.class text…` of the element painted, or '' once it left the page. */
  element: string;
  url: string;
}

// Runs in the page before its scripts (as source text: this workspace compiles without the DOM library). Buffered,
// so the observer also sees the entries recorded before it was created; every candidate is kept, in order.
export const OBSERVE_LCP = `window.__lcpEntries = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const el = entry.element;
    window.__lcpEntries.push({
      startTime: entry.startTime,
      size: entry.size,
      url: entry.url || '',
      element: el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' ' + (el.textContent || '').trim().slice(0, 40) : '',
    });
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });`;

/**
 * The page's LCP: the last candidate reported (each new one is larger than the one before), with what it painted.
 * A page that reported none did not paint anything measurable: an error, never a zero that would pass.
 */
export function lcpOf(entries: readonly LcpEntry[]): { ms: number; element: string } {
  const last = entries.at(-1);
  if (!last || !Number.isFinite(last.startTime) || last.startTime <= 0)
    throw new Error('the page reported no largest-contentful-paint');
  return {
    ms: last.startTime,
    element: last.url ? `${last.element} ${last.url.split('?')[0]}` : last.element,
  };
}

export interface LibraryFigures {
  lcpMs: number;
  emptyLcpMs: number;
  domNodes: number;
  smallDomNodes: number;
  firstPageIndexes: readonly string[];
}

/** Issue 37's absolute: the library's LCP with 10,000 items. */
export const LIBRARY_LCP_TARGET_MS = 1000;
/**
 * The DOM at the end of 10,000 items against 100: a virtualised grid renders the same few rows at the end of either
 * (about 1×); one that rendered every card would hold about 100× as many.
 */
export const DOM_RATIO_TARGET = 1.5;
/** The member's newest-first index (services/library/src/db/migrations/001-library-items.sql). */
export const MEMBER_INDEX = 'library_items_member';

export function libraryTargets(figures: LibraryFigures): Target[] {
  const lcpRatio = ratio(figures.lcpMs, figures.emptyLcpMs);
  const domRatio = ratio(figures.domNodes, figures.smallDomNodes);
  const usesIndex = figures.firstPageIndexes.includes(MEMBER_INDEX);
  return [
    {
      what: 'library LCP with 10,000 items, median (ms)',
      value: figures.lcpMs,
      target: `<= ${LIBRARY_LCP_TARGET_MS}; empty library ${figures.emptyLcpMs} ms, ${lcpRatio}×`,
      met: figures.lcpMs > 0 && figures.lcpMs <= LIBRARY_LCP_TARGET_MS,
    },
    {
      what: 'DOM elements scrolled to the end, 10,000 items against 100 (×)',
      value: domRatio,
      target: `<= ${DOM_RATIO_TARGET}; ${figures.domNodes} against ${figures.smallDomNodes}`,
      met: figures.smallDomNodes > 0 && domRatio <= DOM_RATIO_TARGET,
    },
    {
      what: 'first page walks the newest-first member index (1 = yes)',
      value: usesIndex ? 1 : 0,
      target: `= 1 (${MEMBER_INDEX})`,
      met: usesIndex,
      missNote: `the plan walks ${figures.firstPageIndexes.join(', ') || 'no index'}`,
    },
  ];
}
