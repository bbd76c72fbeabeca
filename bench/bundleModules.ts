// Builds the app (vite.config.ts) into a temporary folder and prints, per route of bench/bundleRoutes.ts, its
// first-load chunks and the modules (or, with --packages, the packages) that weigh most in them. A module's weight is
// the minified bytes the chunk's source map gives it (the bytes of modules without a map, such as JSON and virtual
// modules, shared among them by their length before minification); its gzip share is its chunk's gzipped size in
// proportion. An estimate: to know what removing a module saves, remove it and build.
// With --why TEXT it also prints, for each bundled module whose name contains TEXT, the shortest chain of imports that
// brings it in from the entry, "(lazy)" marking a dynamic import on the way.
// Usage: npx tsx bench/bundleModules.ts [--top N] [--packages] [--route TEXT] [--why TEXT]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { BUNDLE_ROUTES, firstLoadChunks, type Manifest } from './bundleRoutes';

const { values: options } = parseArgs({
  options: {
    top: { type: 'string', default: '25' },
    packages: { type: 'boolean', default: false },
    route: { type: 'string' },
    why: { type: 'string' },
  },
});

interface ImporterInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

/** Import chains from the entry to each module matching --why. */
const chains: string[] = [];
/** The length before minification of each module, by chunk file name. */
const modulesByFile = new Map<string, Map<string, number>>();

const recordModules: Plugin = {
  name: 'bench-record-modules',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type === 'chunk') modulesByFile.set(output.fileName, new Map(Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength])));
    }
    const why = options.why;
    if (!why) return;
    const bundled = new Set(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? Object.keys(output.modules) : [])));
    for (const id of this.getModuleIds()) {
      if (bundled.has(id) && label(id, false).includes(why)) chains.push(importChain(id, (module) => this.getModuleInfo(module)).join('\n    -> '));
    }
  },
};

/**
 * The shortest chain of imports from an entry module down to `id` (breadth first over its importers, static imports
 * before dynamic ones), as readable names; a step reached through a dynamic import is marked "(lazy)".
 */
function importChain(id: string, info: (id: string) => ImporterInfo | null): string[] {
  // For each module reached: the module it imports on the way to `id`, and whether that import is dynamic.
  const towards = new Map<string, { child: string; lazy: boolean } | null>([[id, null]]);
  let frontier = [id];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const module of frontier) {
      const found = info(module);
      if (!found) continue;
      if (found.isEntry) {
        const chain = [label(module, false)];
        for (let step = towards.get(module); step; step = towards.get(step.child)) chain.push(`${step.lazy ? '(lazy) ' : ''}${label(step.child, false)}`);
        return chain;
      }
      const importers = [...found.importers.map((importer) => ({ importer, lazy: false })), ...found.dynamicImporters.map((importer) => ({ importer, lazy: true }))];
      for (const { importer, lazy } of importers) {
        if (towards.has(importer)) continue;
        towards.set(importer, { child: module, lazy });
        next.push(importer);
      }
    }
    frontier = next;
  }
  return [`${label(id, false)} (no entry reaches it)`];
}

/** A readable name: the package for node_modules (with its path inside when not grouping), else the path from the root. */
function label(id: string, byPackage: boolean): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inModules = clean.lastIndexOf('node_modules/');
  if (inModules < 0) return clean.startsWith('/') ? relative(process.cwd(), clean) : clean;
  const rest = clean.slice(inModules + 'node_modules/'.length);
  if (!byPackage) return rest;
  const parts = rest.split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const BASE64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((char, index) => [char, index]));

/** The values of one segment of a source map's `mappings` (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.get(char)!;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

const NO_SOURCE = '(no source)';

/** The bytes of a minified chunk by the source file its map gives them to (NO_SOURCE for unmapped bytes). */
function bytesBySource(code: string, map: { sources: string[]; mappings: string }, mapDir: string): Map<string, number> {
  const bytes = new Map<string, number>();
  const add = (source: string, count: number) => bytes.set(source, (bytes.get(source) ?? 0) + count);
  const sources = map.sources.map((source) => (source.startsWith('\0') || !source.startsWith('.') ? source : resolve(mapDir, source)));
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    let previous: { column: number; source?: string } = { column: 0 };
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      add(previous.source ?? NO_SOURCE, column - previous.column);
      if (sourceDelta !== undefined) sourceIndex += sourceDelta;
      previous = { column, source: sourceDelta === undefined ? undefined : sources[sourceIndex] };
    }
    add(previous.source ?? NO_SOURCE, Buffer.byteLength(text.slice(previous.column)) + 1);
  });
  return bytes;
}

/** `bytes` with the unmapped bytes shared among the chunk's modules that the map does not name, by `renderedLength`. */
function withUnmappedModules(bytes: Map<string, number>, modules: Map<string, number>): Map<string, number> {
  const unmapped = [...modules].filter(([id]) => !bytes.has(id));
  const total = unmapped.reduce((sum, [, length]) => sum + length, 0);
  const loose = bytes.get(NO_SOURCE) ?? 0;
  if (total === 0 || loose === 0) return bytes;
  const shared = new Map([...bytes].filter(([source]) => source !== NO_SOURCE));
  for (const [id, length] of unmapped) shared.set(id, (loose * length) / total);
  return shared;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KiB`;

const outDir = mkdtempSync(join(tmpdir(), 'bundle-modules-'));
try {
  await build({ logLevel: 'error', plugins: [recordModules], build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  for (const route of BUNDLE_ROUTES) {
    if (options.route && !route.name.includes(options.route)) continue;
    const found = firstLoadChunks(manifest, route);
    if ('missing' in found) {
      console.log(`\n${route.name}: no screen in the build among ${found.missing.map((candidates) => candidates.join(' | ')).join('; ')}`);
      continue;
    }
    const weights = new Map<string, { raw: number; gzip: number }>();
    let totalGzip = 0;
    console.log(`\n${route.name}`);
    for (const key of found.chunks) {
      const file = join(outDir, manifest[key]!.file);
      const code = readFileSync(file, 'utf8');
      const gzip = gzipSync(code, { level: 9 }).length;
      totalGzip += gzip;
      console.log(`  chunk ${manifest[key]!.file.padEnd(44)} ${kib(gzip)} gzip`);
      const mapped = existsSync(`${file}.map`)
        ? bytesBySource(code, JSON.parse(readFileSync(`${file}.map`, 'utf8')), join(file, '..'))
        : new Map([[NO_SOURCE, Buffer.byteLength(code)]]);
      const bytes = withUnmappedModules(mapped, modulesByFile.get(manifest[key]!.file) ?? new Map());
      for (const [source, count] of bytes) {
        const name = label(source, options.packages);
        const weight = weights.get(name) ?? { raw: 0, gzip: 0 };
        weight.raw += count;
        weight.gzip += (gzip * count) / Buffer.byteLength(code);
        weights.set(name, weight);
      }
    }
    console.log(`  total ${kib(totalGzip)} gzip; heaviest ${options.packages ? 'packages' : 'modules'} (minified bytes, estimated gzip):`);
    const sorted = [...weights].sort(([, a], [, b]) => b.gzip - a.gzip).slice(0, Number(options.top));
    for (const [name, weight] of sorted) console.log(`  ${kib(weight.gzip)}  ${kib(weight.raw)} min  ${name}`);
  }
  if (chains.length > 0) console.log(`\nimport chains (--why ${options.why}):\n${chains.map((chain) => `  ${chain}`).join('\n')}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
