import type { Plugin } from 'vite';

const MARKDOWN = 'markdown-to-jsx/react';
const RJSF = /[\\/]node_modules[\\/]@rjsf[\\/]/;
const PREFIX = '\0markdown-on-demand:';

/**
 * Gives @rjsf/core, where it imports markdown-to-jsx's `Markdown`, a component of the same name that loads the real
 * one (the file rjsf would have used) when first rendered, in its own Suspense boundary showing the text as it is
 * meanwhile. rjsf renders Markdown only when a uiSchema sets `ui:enableMarkdownInDescription` or
 * `ui:enableMarkdownInHelp`, and in its own error and file-list texts, so the parser (about 30 KiB gzipped) no longer
 * comes with every step screen.
 */
export function markdownOnDemand(): Plugin {
  return {
    name: 'markdown-on-demand',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: new RegExp(`^${MARKDOWN}$`) },
      async handler(source, importer, options) {
        if (!importer || !RJSF.test(importer)) return undefined;
        const real = await this.resolve(source, importer, { ...options, skipSelf: true });
        return real && !real.external ? `${PREFIX}${real.id}` : undefined;
      },
    },
    load: {
      filter: { id: new RegExp(`^${PREFIX}`) },
      handler(id) {
        const file = id.slice(PREFIX.length);
        return [
          "import { createElement, lazy, Suspense } from 'react';",
          `const Loaded = lazy(() => import(${JSON.stringify(file)}).then((module) => ({ default: module.Markdown })));`,
          'export function Markdown(props) {',
          "  return createElement(Suspense, { fallback: createElement('span', null, props.children) }, createElement(Loaded, props));",
          '}',
          '',
        ].join('\n');
      },
    },
  };
}
