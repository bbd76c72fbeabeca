import { useCallback, useEffect, useRef } from 'react';

/** How long the page must stay the same size before it is left alone. */
const QUIET_MS = 3000;
/** What the merchant does to take the page over: from then on nothing moves it. */
const TAKE_OVER = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Brings an element to the top of the window (focused, without a second scroll) and keeps it there while the page
 * around it settles: the row closing above it, the screen loading and rendering below it, when the page was still
 * too short to scroll that far. It ends when the merchant scrolls, taps or types, when anything else has moved the
 * page, after a quiet spell with no change of size, or when another element is brought into view.
 */
export function useKeepInView(): (elementId: string) => void {
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);
  return useCallback((elementId: string) => {
    stop.current();
    const element = document.getElementById(elementId);
    if (!element) return;
    // Where the last scroll of ours ends; a page found elsewhere was moved by someone else (the merchant, a link, a
    // screen reader), and is then left alone. The scroll is instant, as the rows open: a smooth one left a second in
    // which another's move could not be told from ours, and was undone (a tap then landed where the page had been).
    let expected = 0;
    const bring = () => {
      const root = document.documentElement;
      expected = Math.max(0, Math.min(window.scrollY + element.getBoundingClientRect().top, root.scrollHeight - window.innerHeight));
      element.scrollIntoView?.({ block: 'start' });
    };
    let timer = setTimeout(() => stop.current(), QUIET_MS);
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (Math.abs(window.scrollY - expected) > 2) {
              stop.current();
              return;
            }
            bring();
            clearTimeout(timer);
            timer = setTimeout(() => stop.current(), QUIET_MS);
          })
        : null;
    const end = () => stop.current();
    stop.current = () => {
      clearTimeout(timer);
      observer?.disconnect();
      for (const type of TAKE_OVER) window.removeEventListener(type, end, true);
      stop.current = () => undefined;
    };
    for (const type of TAKE_OVER) window.addEventListener(type, end, { capture: true, passive: true });
    element.focus({ preventScroll: true });
    bring();
    observer?.observe(document.body);
  }, []);
}
