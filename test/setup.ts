import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';

// MUI asks for media queries (useMediaQuery, transitions); jsdom has no layout, so nothing ever matches.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

afterEach(() => {
  localStorage.clear();
});
