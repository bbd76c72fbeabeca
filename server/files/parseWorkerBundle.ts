import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

let bundled: Promise<string> | undefined;

/**
 * The parse worker (parseWorker.ts and what it imports: pdf-lib, zip.js, saxes, image-size) as one JavaScript module,
 * built with esbuild once per process into a folder of its own (removed when the process exits); its file URL. A worker
 * thread does not inherit tsx's loader on Node 20, and one that loads the TypeScript through tsx took 1.5 s to start
 * against 0.2 s for the bundle: a worker stopped at its time limit is replaced at that cost.
 */
export function parseWorkerUrl(): Promise<string> {
  bundled ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'onboarding-parse-worker-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    const outfile = join(folder, 'parseWorker.mjs');
    await build({
      entryPoints: [fileURLToPath(new URL('./parseWorker.ts', import.meta.url))],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      // The CommonJS packages inside (pdf-lib) may require Node's own modules: an ES module has no `require` of its own.
      banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    });
    return pathToFileURL(outfile).href;
  })();
  return bundled;
}
