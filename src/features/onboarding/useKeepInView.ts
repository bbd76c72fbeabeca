import { useCallback, useEffect, useRef } from 'react';

/** How long the page must stay the same size before it is left alone. */
const QUIET_MS = 3000;
/** How long a smooth scroll may take to arrive (Chromium's take up to about 0.7 s for a long way). */
const GLIDE_MS = 1000;
/** What the merchant does to take the page over: from then on nothing moves it. */
const TAKE_OVER = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

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
    // screen reader), and is then left alone. The first scroll may glide; until it has, the page is on its way.
    let expected = 0;
    let glidingUntil = 0;
    const bring = (glide: boolean) => {
      const root = document.documentElement;
      expected = Math.max(0, Math.min(window.scrollY + element.getBoundingClientRect().top, root.scrollHeight - window.innerHeight));
      const behavior = glide && !reducedMotion() ? 'smooth' : 'auto';
      if (behavior === 'smooth') glidingUntil = performance.now() + GLIDE_MS;
      element.scrollIntoView?.({ block: 'start', behavior });
    };
    let timer = setTimeout(() => stop.current(), QUIET_MS);
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            const gliding = performance.now() < glidingUntil;
            if (!gliding && Math.abs(window.scrollY - expected) > 2) {
              stop.current();
              return;
            }
            bring(gliding);
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
    bring(true);
    observer?.observe(document.body);
  }, []);
}
