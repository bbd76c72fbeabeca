import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as Generator from './compile-validators.ts';

const MODULES: Record<string, Generator.ValidatorFlavour> = {
  'virtual:precompiled-validators': 'browser',
  'virtual:precompiled-validators/server': 'server',
};
const PREFIX = '\0';
const GENERATOR = fileURLToPath(new URL('./compile-validators.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Serves the validators compiled ahead of time (`scripts/compile-validators.ts`) as virtual modules:
 * `virtual:precompiled-validators` (the app's step validators) and `virtual:precompiled-validators/server` (everything,
 * for tests). They are generated whenever Vite or Vitest first loads them, so `vite build`, `vite` (dev), `npm test`
 * and a fresh clone never meet a missing or stale copy, and nothing generated is kept in the tree. The generator runs
 * in Vite's module runner (it reads the TypeScript and JSON of `schemas/`); the files it read are watched, and a change
 * to one regenerates the modules.
 */
export function precompiledValidators(): Plugin {
  let generator: Promise<{ module: typeof Generator; dependencies: string[] }> | undefined;
  let watched = new Set<string>();
  return {
    name: 'precompiled-validators',
    resolveId(id) {
      return id in MODULES ? PREFIX + id : undefined;
    },
    async load(id) {
      const flavour = id.startsWith(PREFIX) ? MODULES[id.slice(PREFIX.length)] : undefined;
      if (!flavour) return undefined;
      generator ??= runnerImport<typeof Generator>(GENERATOR, { configFile: false, root: ROOT, logLevel: 'error' });
      const { module, dependencies } = await generator;
      watched = new Set(dependencies);
      for (const file of dependencies) this.addWatchFile(file);
      return module.compileValidatorsModule(flavour);
    },
    watchChange(id) {
      if (watched.has(id)) generator = undefined;
    },
  };
}
