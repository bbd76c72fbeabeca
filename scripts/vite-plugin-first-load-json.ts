import type { Plugin } from 'vite';

/** The query that asks for a data file's first-load part: `import data from './file.json?first-load'`. */
const QUERY = /\.json\?(.*&)?first-load(&|$)/;
/** The key of a data file listing the paths its first-load part keeps (`a.*.b`: `b` of every entry of `a`). */
const FIRST_LOAD_KEY = '$firstLoad';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Copies into `target` the value at `path` (segments; `*` for every key) of `source`. */
function copyPath(source: Json, target: Record<string, Json>, path: readonly string[]): void {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
  const [head, ...rest] = path;
  if (head === undefined) return;
  for (const key of head === '*' ? Object.keys(source) : [head]) {
    if (!(key in source)) continue;
    if (rest.length === 0) {
      target[key] = source[key]!;
      continue;
    }
    const child = (target[key] ?? {}) as Record<string, Json>;
    copyPath(source[key]!, child, rest);
    if (Object.keys(child).length > 0) target[key] = child;
  }
}

/** The part of a data file its `$firstLoad` paths name. */
export function firstLoadPart(data: Record<string, Json>): Record<string, Json> {
  const paths = data[FIRST_LOAD_KEY];
  if (!Array.isArray(paths)) throw new Error(`a file imported with ?first-load needs a "${FIRST_LOAD_KEY}" list of paths`);
  const part: Record<string, Json> = {};
  for (const path of paths) copyPath(data, part, String(path).split('.'));
  return part;
}

/**
 * A data file imported with `?first-load` brings only the paths its `$firstLoad` key lists: the few values a screen's
 * first load reads (a product variant's hosts and name), while the rest of the file (menus, links) comes with the
 * lazy chunks that import it whole. The tests load it too (vitest.config.ts), so they read what the build ships.
 */
export function firstLoadJson(): Plugin {
  return {
    name: 'first-load-json',
    enforce: 'pre',
    transform: {
      filter: { id: QUERY },
      handler(code) {
        return { code: `export default ${JSON.stringify(firstLoadPart(JSON.parse(code) as Record<string, Json>))};`, map: null, moduleType: 'js' };
      },
    },
  };
}
