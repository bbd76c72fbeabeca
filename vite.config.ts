import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { jsonWithoutComments } from './scripts/vite-plugin-json-without-comments.js';
import { deferredComponents } from './scripts/vite-plugin-deferred-components.js';
import { firstLoadJson } from './scripts/vite-plugin-first-load-json.js';
import { markdownOnDemand } from './scripts/vite-plugin-markdown-on-demand.js';
import { precompiledValidators } from './scripts/vite-plugin-precompiled-validators.js';
import { withoutUnusedModules } from './scripts/vite-plugin-without-unused-modules.js';

const apiPort = process.env.API_PORT ?? '8081';

export default defineConfig({
  base: '/app/',
  plugins: [react(), precompiledValidators(), markdownOnDemand(), withoutUnusedModules(), deferredComponents(), jsonWithoutComments(), firstLoadJson()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        // The styling core every screen draws with (MUI's system, Box, Typography, emotion) as one chunk: left to the
        // automatic splitting, each new lazy screen that shares a few of these modules cut them into more, smaller
        // chunks, each costing its own request and compression overhead on every first load.
        codeSplitting: {
          groups: [
            { name: 'ui-core', test: /node_modules[\\/](@mui[\\/](system|styled-engine|utils|material[\\/]esm[\\/](styles|Box|Typography|utils|internal))|@emotion|stylis|clsx|react-is|prop-types|hoist-non-react-statics)[\\/]/ },
            // The transitions and progress bar the onboarding stepper draws on its first load (and sign-in does not), as
            // one chunk for the same reason: the welcome, assessment and plans screens share some of them.
            {
              name: 'ui-transitions',
              test: /node_modules[\\/](react-transition-group[\\/]esm[\\/](Transition\.js|config\.js|utils[\\/]reflow)|@mui[\\/]material[\\/]esm[\\/](Collapse|Grow|LinearProgress|transitions)[\\/])/,
            },
            // The alert and paper surfaces both sign-in and the stepper draw on their first loads, likewise.
            { name: 'ui-surfaces', test: /node_modules[\\/]@mui[\\/]material[\\/]esm[\\/](Alert|IconButton|Paper)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/sandbox': `http://127.0.0.1:${apiPort}`,
    },
  },
});
