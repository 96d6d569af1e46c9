// The end of an endless list (galleries: more when scrolled within 100 px of the bottom,
// docs/product-rules.md#states): an empty element after the last item that calls onNear once it comes within
// `thresholdPx` of the visible part of the page or of its scrolling container. Works whichever element scrolls, so a
// list needs no scroll handler of its own.
import { useEffect, useRef } from 'react';

export interface LoadMoreSentinelProps {
  /** Called whenever the end comes near (again); the caller ignores calls while a page is loading. */
  onNear(): void;
  thresholdPx: number;
  /** False once the last page is in: nothing is observed. */
  active: boolean;
  /**
   * Changes when the list grows (its length): the end is looked at again, so a page too short to push it out of
   * sight asks for the next one at once.
   */
  revision?: unknown;
}

export function LoadMoreSentinel({ onNear, thresholdPx, active, revision }: LoadMoreSentinelProps) {
  const element = useRef<HTMLDivElement>(null);
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });

  useEffect(() => {
    const target = element.current;
    if (!active || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${thresholdPx}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [active, thresholdPx, revision]);

  return <div ref={element} className="act-load-more-sentinel" aria-hidden />;
}
