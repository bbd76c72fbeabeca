import type { Plugin } from 'vite';

/** A component a dependency imports eagerly that most pages never render, and the module it is the default export of. */
interface DeferredComponent {
  /** The importing file (in node_modules). */
  importer: RegExp;
  /** The specifier it imports the component's module by. */
  source: string;
  /** Why it can wait until it is first rendered. */
  why: string;
}

const DEFERRED: DeferredComponent[] = [
  {
    importer: /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/]fields[\\/]index\.js$/,
    source: './ArrayField.js',
    why: "rjsf's field for lists, which only the business details' beneficial owners use (about 3 KiB gzipped of every other step)",
  },
];

const PREFIX = '\0deferred-component:';

/**
 * Loads the components of DEFERRED when they are first rendered instead of with their importer: the import becomes a
 * module whose default export renders the real component through React.lazy inside its own Suspense boundary (nothing
 * shows for the moment the code takes to arrive). A build warns when a dependency no longer imports one.
 */
export function deferredComponents(): Plugin {
  const replaced = new Set<DeferredComponent>();
  return {
    name: 'deferred-components',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (importer === undefined || importer.startsWith(PREFIX)) return undefined;
      const index = DEFERRED.findIndex((entry) => entry.source === source && entry.importer.test(importer));
      if (index < 0) return undefined;
      const real = await this.resolve(source, importer, { skipSelf: true });
      if (!real) return undefined;
      replaced.add(DEFERRED[index]!);
      return `${PREFIX}${real.id}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      const real = id.slice(PREFIX.length);
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Real = lazy(() => import(${JSON.stringify(real)}));`,
        'export default function Deferred(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Real, props));',
        '}',
      ].join('\n');
    },
    buildEnd(error) {
      if (error || this.meta.watchMode) return;
      for (const entry of DEFERRED) if (!replaced.has(entry)) this.warn(`no dependency imports ${entry.source} any more (${entry.why}): update or remove its entry`);
    },
  };
}
