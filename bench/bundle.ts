// Prints the JavaScript a browser loads first for a route of the built app (vite build first):
// the entry chunk, its static imports, and the route's lazy screen with its static imports.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>;

function withStaticImports(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    withStaticImports(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('no entry in dist/.vite/manifest.json: run vite build');

const routes: Record<string, string[]> = {
  '/app/onboarding (stepper)': ['src/features/onboarding/OnboardingPage.tsx'],
  '/app/onboarding with the PAN step open': ['src/features/onboarding/OnboardingPage.tsx', 'src/features/onboarding/StepScreen.tsx'],
  '/app/account': ['src/features/account/SignInPage.tsx'],
};

for (const [route, screens] of Object.entries(routes)) {
  const chunks = withStaticImports([entry, ...screens]);
  let raw = 0;
  let gzip = 0;
  for (const key of chunks) {
    const file = readFileSync(`dist/${manifest[key]!.file}`);
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
  }
  console.log(`first-load JS ${route}: ${(gzip / 1024).toFixed(1)} KiB gzip (${(raw / 1024).toFixed(1)} KiB raw, ${chunks.size} chunks)`);
}
