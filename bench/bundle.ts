// Prints the JavaScript a browser loads first for a route of the built app (vite build first):
// the entry chunk, its static imports, and the route's lazy screens with their static imports.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { BUNDLE_ROUTES, firstLoadChunks, type Manifest } from './bundleRoutes';

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Manifest;

for (const route of BUNDLE_ROUTES) {
  const found = firstLoadChunks(manifest, route);
  if ('missing' in found) {
    console.log(`first-load JS ${route.name}: not measured, no screen in the build among ${found.missing.map((candidates) => candidates.join(' | ')).join('; ')}`);
    process.exitCode = 1;
    continue;
  }
  let raw = 0;
  let gzip = 0;
  for (const key of found.chunks) {
    const file = readFileSync(`dist/${manifest[key]!.file}`);
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
  }
  const kiB = gzip / 1024;
  const budget = route.budgetKiB === undefined ? '' : `, budget ${route.budgetKiB} KiB${kiB <= route.budgetKiB ? '' : `: ${(kiB - route.budgetKiB).toFixed(1)} KiB over`}`;
  console.log(`first-load JS ${route.name}: ${kiB.toFixed(2)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw, ${found.chunks.size} chunks${budget})`);
}
