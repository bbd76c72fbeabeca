import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as Generator from './compile-validators.ts';

const PREFIX = '\0';
const NAMESPACE = 'virtual:precompiled-validators';
const GENERATOR = fileURLToPath(new URL('./compile-validators.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Serves the validators compiled ahead of time (`scripts/compile-validators.ts`) as virtual modules:
 * `virtual:precompiled-validators` (the index of the app's step validators), `virtual:precompiled-validators/step/<step>`
 * (one step's, loaded with the step) and `virtual:precompiled-validators/server` (everything, for tests). They are
 * generated whenever Vite or Vitest first loads them, so `vite build`, `vite` (dev), `npm test` and a fresh clone never
 * meet a missing or stale copy, and nothing generated is kept in the tree. The generator runs in Vite's module runner
 * (it reads the TypeScript and JSON of `schemas/`); the files it read are watched, and a change to one regenerates the
 * modules.
 */
export function precompiledValidators(): Plugin {
  let generator: Promise<{ module: typeof Generator; dependencies: string[] }> | undefined;
  let watched = new Set<string>();
  return {
    name: 'precompiled-validators',
    resolveId(id) {
      return id === NAMESPACE || id.startsWith(`${NAMESPACE}/`) ? PREFIX + id : undefined;
    },
    async load(id) {
      if (!id.startsWith(PREFIX + NAMESPACE)) return undefined;
      generator ??= runnerImport<typeof Generator>(GENERATOR, { configFile: false, root: ROOT, logLevel: 'error' });
      const { module, dependencies } = await generator;
      watched = new Set(dependencies);
      for (const file of dependencies) this.addWatchFile(file);
      const code = module.compileValidatorsModule(id.slice(PREFIX.length));
      if (code === undefined) this.error(`${id.slice(PREFIX.length)}: no such precompiled-validators module (a step of schemas/registry.ts stepForms?)`);
      return code;
    },
    watchChange(id) {
      if (watched.has(id)) generator = undefined;
    },
  };
}
