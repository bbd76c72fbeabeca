import type { Plugin } from 'vite';

/** A module a dependency imports for a feature this app cannot use, and what the build puts in its place. */
interface UnusedModule {
  /** The importing files (in node_modules). */
  importer: RegExp;
  /** The specifier they import it by. */
  source: string;
  /** The stand-in's exports, calling `unused()`. */
  exports: string;
  /** Why the app never runs it: the stand-in throws this, should it ever be reached. */
  why: string;
}

const UNUSED: UnusedModule[] = [
  {
    importer: /[\\/]node_modules[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]/,
    source: './createThemeWithVars.js',
    exports: 'export default function createThemeWithVars() { unused(); }',
    why: "MUI's CSS-variables theme: src/app/theme.ts sets neither cssVariables nor colorSchemes",
  },
  {
    importer: /[\\/]node_modules[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]/,
    source: './ThemeProviderWithVars.js',
    exports: 'export function CssVarsProvider() { unused(); }',
    why: "MUI's CSS-variables theme provider: src/app/theme.ts sets neither cssVariables nor colorSchemes",
  },
  {
    importer: /[\\/]node_modules[\\/]@rjsf[\\/]utils[\\/]/,
    source: 'fast-uri',
    exports: 'export default { equal: unused, resolve: unused };',
    why: "rjsf's $id-based $ref resolution, used for JSON Schema 2020-12 ($schema) only: the project's Ajv (draft 2019-09, schemas/ajv.ts) cannot compile such a schema, so none reaches a form",
  },
  ...['LayoutGridField', 'LayoutHeaderField', 'LayoutMultiSchemaField'].map((name) => ({
    importer: /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/]fields[\\/]index\.js$/,
    source: `./${name}.js`,
    exports: `export default function ${name}() { unused(); }`,
    why: `rjsf's ${name}, rendered only for a uiSchema's "ui:field": "${name}" (grid layouts), which no form of ours names (test/renderer/unusedModules.test.ts)`,
  })),
  // rjsf's own widgets that no form can reach: those renderer/StepForm.tsx replaces with the theme's or ours, and those
  // only a uiSchema's `ui:widget` or a schema's `format` would name, which none of ours does (test/renderer/unusedModules.test.ts).
  ...[
    ['CheckboxWidget', 'replaced in every form by renderer/StepForm.tsx (renderer/CheckboxWidget.tsx)'],
    ['CheckboxesWidget', "replaced in every form by renderer/StepForm.tsx (the MUI theme's)"],
    ['RadioWidget', "replaced in every form by renderer/StepForm.tsx (the MUI theme's)"],
    ['SelectWidget', 'replaced in every form by renderer/StepForm.tsx (renderer/SelectWidget.tsx)'],
    ['TextareaWidget', "replaced in every form by renderer/StepForm.tsx (the MUI theme's)"],
    ['AltDateWidget', 'shown only for "ui:widget": "alt-date", which no form of ours names'],
    ['AltDateTimeWidget', 'shown only for "ui:widget": "alt-datetime", which no form of ours names'],
    ['FileWidget', 'shown only for "ui:widget": "file" or "format": "data-url", which no form of ours has (files go through the upload screens)'],
    ['RatingWidget', 'shown only for "ui:widget": "rating", which no form of ours names'],
    ['ColorWidget', 'shown only for "ui:widget": "color" or "format": "color", which no form of ours has'],
  ].map(([name, why]) => ({
    importer: /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]lib[\\/]components[\\/]widgets[\\/]index\.js$/,
    source: `./${name}.js`,
    exports: `export default function ${name}() { unused(); }`,
    why: `rjsf's ${name}, ${why}`,
  })),
];

const PREFIX = '\0without-unused-modules:';

/**
 * Leaves out of the browser build the modules of UNUSED, which dependencies import for features this app cannot use
 * (about 7 KiB gzipped on every route for MUI's CSS-variables theme, 7 KiB on every step screen for fast-uri, 2.4 KiB
 * for rjsf's grid-layout fields, 3.6 KiB on every step screen for its widgets no form reaches): the
 * bundler keeps them because the choice is made at run time. Each becomes a module whose functions throw, saying what
 * was left out and why, should a change ever reach one; remove its entry then. A build warns when a dependency no
 * longer imports one (the saving would be lost without notice). The dev server's prebundled dependencies keep them.
 */
export function withoutUnusedModules(): Plugin {
  const replaced = new Set<UnusedModule>();
  return {
    name: 'without-unused-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: new RegExp(`^(${UNUSED.map(({ source }) => source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`) },
      handler(source, importer) {
        const index = UNUSED.findIndex((module) => module.source === source && importer !== undefined && module.importer.test(importer));
        if (index < 0) return undefined;
        replaced.add(UNUSED[index]!);
        return `${PREFIX}${index}`;
      },
    },
    load: {
      filter: { id: new RegExp(`^${PREFIX}`) },
      handler(id) {
        const module = UNUSED[Number(id.slice(PREFIX.length))]!;
        const message = `Left out of this build by scripts/vite-plugin-without-unused-modules.ts: ${module.why}.`;
        return `function unused() {\n  throw new Error(${JSON.stringify(message)});\n}\n${module.exports}\n`;
      },
    },
    buildEnd(error) {
      if (error || this.meta.watchMode) return;
      for (const module of UNUSED) {
        if (!replaced.has(module)) this.warn(`no dependency imports ${module.source} any more (${module.why}): update or remove its entry`);
      }
    },
  };
}
