// A horizontal finger swipe over a tab panel moves to the neighbouring tab (the playground's columns on a phone,
// docs/architecture.md#keyboard-and-focus). Touch only: a mouse selects text as it always did, and the tab list keeps
// arrow keys, Home and End. A swipe counts when it travels further sideways than `minPx` and more sideways than down,
// so scrolling the column up and down never changes the tab.
import { useRef, type TouchEvent } from 'react';

export const SWIPE_MIN_PX = 50;

export interface SwipeHandlers {
  onTouchStart(event: TouchEvent): void;
  onTouchEnd(event: TouchEvent): void;
}

/** `onSwipe(1)` after a swipe to the left (show the next), `onSwipe(-1)` after one to the right. */
export function useSwipe(onSwipe: (step: 1 | -1) => void, minPx = SWIPE_MIN_PX): SwipeHandlers {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event) {
      const touch = event.touches[0];
      start.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event) {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < minPx || Math.abs(dx) <= Math.abs(dy)) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
  };
}
