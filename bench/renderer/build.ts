import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { allSchemas, browserForms } from '../../schemas/registry';
import { compileValidatorsModule, VALIDATOR_MODULES } from '../../scripts/compile-validators';
import { kyc300Schema, kyc300UiSchema } from './kyc300';

/** The step KYC-300 is registered as. */
export const KYC300_STEP = 'bench-kyc-300';

const VALIDATORS = VALIDATOR_MODULES.index;

/**
 * The app's precompiled step validators (`scripts/compile-validators.ts`) with KYC-300's among them, as the modules
 * `renderer/stepValidators.ts` imports: our StepForm validates with code compiled at build time, as in the app.
 */
function precompiledValidatorsWithKyc300(): Plugin {
  return {
    name: 'bench-precompiled-validators',
    resolveId: (id) => (id === VALIDATORS || id.startsWith(`${VALIDATORS}/`) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${VALIDATORS}`)) return undefined;
      // Registered in this process only: the generator reads the registry's step list.
      const schema = kyc300Schema();
      if (!allSchemas.some((known) => known.$id === schema.$id)) allSchemas.push(schema);
      browserForms[KYC300_STEP] = { schema, uiSchema: kyc300UiSchema() };
      return compileValidatorsModule(id.slice(1));
    },
  };
}

/** Builds the benchmark page (`bench/renderer/index.html`) for production into a new temporary folder; returns it. */
export async function buildBenchPage({ minify = true }: { minify?: boolean } = {}): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-renderer-'));
  await build({
    configFile: false,
    root: 'bench/renderer',
    base: './',
    logLevel: 'warn',
    plugins: [react(), precompiledValidatorsWithKyc300()],
    build: { outDir, emptyOutDir: true, minify, chunkSizeWarningLimit: 50000 },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves `dir` over HTTP on a free port of 127.0.0.1 (module scripts do not load from file: URLs). */
export function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const requested = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const path = requested === '/' ? '/index.html' : requested;
    let body: Buffer;
    try {
      body = readFileSync(join(dir, path));
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
    }),
  );
}
