import type { Rolldown } from 'vite';

type CodeSplittingGroup = NonNullable<Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>['groups']>[number];
type ModuleGraph = Parameters<Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];

/** The lazily loaded screens a first load opens together, and the chunk their shared code goes into. */
export interface FirstLoad {
  /** The chunk's name. */
  chunk: string;
  /** The lazy modules (dynamic import targets) the first load opens. */
  screens: RegExp;
  /** The lazy modules its screens may open afterwards on the same page (its chunk may hold code shared with them). */
  opensLater?: RegExp;
  /** Whether it may hold code other lazy screens (none of another first load's) need too: they then load all of it. */
  shareable?: boolean;
}

/** The chunk loaded beside the entry on every first load. */
export interface CoreChunk {
  chunk: string;
  /** The modules it holds wherever they are needed (the styling core every screen draws with). */
  test: RegExp;
  /** It holds too the code every one of these first loads needs (each a pattern of its lazy modules' ids). */
  neededByAll: RegExp[];
}

/**
 * The lazy modules (and 'entry') from which `id` is reached by static imports alone: the loads that need it. A module
 * the entry reaches is in the entry chunk whatever else needs it.
 */
function loadsNeeding(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const loads = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  for (let module = queue.pop(); module !== undefined; module = queue.pop()) {
    const info = graph.getModuleInfo(module);
    if (!info) continue;
    if (info.isEntry) loads.add('entry');
    if (info.dynamicImporters.length > 0) loads.add(module);
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  memo.set(id, loads);
  return loads;
}

/**
 * Code-splitting groups that give the app's first loads few chunks. Left to the automatic splitting, the code lazy
 * screens share is cut into one chunk per set of screens sharing it: the stepper's first load took 27 chunks, each
 * costing a request and its own compression. Here the code the core's first loads all need goes into the core chunk
 * beside the entry, with the styling core; the code a first load's screens share (with the screens it opens later,
 * and, when `shareable`, with any lazy screen that is no other first load's) goes into its one chunk, which those
 * other screens then load whole; what one screen alone needs stays in its chunk, and what the entry reaches in the
 * entry. For one build: the module graph is read once.
 */
export function firstLoadGroups(core: CoreChunk, firstLoads: FirstLoad[]): CodeSplittingGroup[] {
  const memo = new Map<string, Set<string>>();
  const lazyLoads = (id: string, graph: ModuleGraph) => {
    const loads = loadsNeeding(id, graph, memo);
    // The entry's own modules, and a lazy screen itself (its chunk is the one its importer asks for), stay put.
    if (loads.has('entry') || graph.getModuleInfo(id)?.dynamicImporters.length) return undefined;
    return [...loads];
  };
  return [
    {
      debugName: core.chunk,
      name: (id, graph) => {
        const loads = lazyLoads(id, graph);
        // The styling core's modules that a first load needs, not those only later screens use (a Tabs' arrow icons).
        if (core.test.test(id)) return !loads || loads.some((load) => core.neededByAll.some((screens) => screens.test(load))) ? core.chunk : null;
        return loads && core.neededByAll.every((screens) => loads.some((load) => screens.test(load))) ? core.chunk : null;
      },
    },
    ...firstLoads.map(
      ({ chunk, screens, opensLater, shareable }): CodeSplittingGroup => ({
        debugName: chunk,
        // Only the modules chosen here: their dependencies the entry or another chunk holds stay there.
        includeDependenciesRecursively: false,
        name: (id, graph) => {
          const loads = lazyLoads(id, graph);
          if (!loads || loads.length < 2 || !loads.some((load) => screens.test(load))) return null;
          const elsewhere = loads.filter((load) => !screens.test(load) && !opensLater?.test(load));
          if (elsewhere.some((load) => firstLoads.some((other) => other.screens.test(load)))) return null;
          return elsewhere.length === 0 || shareable ? chunk : null;
        },
      }),
    ),
  ];
}
