import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompiledValidators } from './scripts/vite-plugin-precompiled-validators.js';

const apiPort = process.env.API_PORT ?? '8081';

export default defineConfig({
  base: '/app/',
  plugins: [react(), precompiledValidators()],
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 900 },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/sandbox': `http://127.0.0.1:${apiPort}`,
    },
  },
});
