// Keeps a scrolling message list pinned to its newest content while a reply grows, unless the member scrolled up to
// read something earlier.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Distance from the bottom within which the list still counts as "at the bottom". */
const PIN_PX = 80;

export function useStickToBottom<T extends HTMLElement>(content: unknown): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  const pinned = useRef(true);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onScroll = () => {
      pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight <= PIN_PX;
    };
    element.addEventListener('scroll', onScroll);
    return () => element.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [content]);
  return ref;
}
