import type { Alias } from 'vite';

/**
 * The app is written against React's API and ships on Preact (`preact/compat`): React DOM alone was 63.5 KiB gzip of
 * the stepper's 168 KiB first load, Preact with its compatibility layer is about 7 KiB. The production build, the dev
 * server and the browser tests run on Preact; the component tests (jsdom) run on React, and `npm run bench` measures
 * the renderer on both. React Router looks for React 19's `use` and `useOptimistic` and falls back when they are absent.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
