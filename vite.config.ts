import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { jsonWithoutComments } from './scripts/vite-plugin-json-without-comments.js';
import { markdownOnDemand } from './scripts/vite-plugin-markdown-on-demand.js';
import { precompiledValidators } from './scripts/vite-plugin-precompiled-validators.js';
import { withoutUnusedModules } from './scripts/vite-plugin-without-unused-modules.js';

const apiPort = process.env.API_PORT ?? '8081';

export default defineConfig({
  base: '/app/',
  plugins: [react(), precompiledValidators(), markdownOnDemand(), withoutUnusedModules(), jsonWithoutComments()],
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 900 },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/sandbox': `http://127.0.0.1:${apiPort}`,
    },
  },
});
