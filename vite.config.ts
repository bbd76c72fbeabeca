import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstLoadGroups } from './scripts/firstLoadGroups.js';
import { jsonWithoutComments } from './scripts/vite-plugin-json-without-comments.js';
import { deferredComponents } from './scripts/vite-plugin-deferred-components.js';
import { firstLoadJson } from './scripts/vite-plugin-first-load-json.js';
import { markdownOnDemand } from './scripts/vite-plugin-markdown-on-demand.js';
import { precompiledValidators } from './scripts/vite-plugin-precompiled-validators.js';
import { withoutUnusedModules } from './scripts/vite-plugin-without-unused-modules.js';
import { generateSources } from './scripts/generateSources.js';

// The TypeScript the JSON data implies (the step catalogue), before anything imports it.
generateSources();

/** MUI's system, Box, Typography, styles and emotion: the styling core every screen draws with. */
const STYLING_CORE = /node_modules[\\/](@mui[\\/](system|styled-engine|utils|material[\\/]esm[\\/](styles|Box|Typography|utils|internal))|@emotion|stylis|clsx|react-is|prop-types|hoist-non-react-statics)[\\/]/;
/** The lazy screens of the app's landing pages, and the step screen the onboarding page opens (bench/bundleRoutes.ts). */
const SIGN_IN = /[\\/]src[\\/]features[\\/]account[\\/]SignInPage\.tsx$/;
const ONBOARDING = /[\\/]src[\\/](app[\\/]MerchantGate|features[\\/]onboarding[\\/]OnboardingPage)\.tsx$/;
const PARTNER_LANDING = /[\\/]src[\\/]features[\\/](oauth[\\/]OAuthAuthorizePage|handoff[\\/]HandoffScreen)\.tsx$/;
const STEP_SCREEN = /[\\/]src[\\/]features[\\/]onboarding[\\/]StepScreen\.tsx$|precompiled-validators[\\/]step[\\/]/;

const apiPort = process.env.API_PORT ?? '8081';

export default defineConfig({
  base: '/app/',
  // One react-is, the one for the React that ships: emotion's and rjsf's own older copies would come too (rjsf's 18
  // does not recognise a React 19 element as a forwardRef's).
  resolve: { dedupe: ['react-is'] },
  plugins: [react(), precompiledValidators(), markdownOnDemand(), withoutUnusedModules(), deferredComponents(), jsonWithoutComments(), firstLoadJson()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    // Every browser the app supports (Chromium WebViews, Safari 17+, Firefox 115+) follows <link rel="modulepreload">;
    // an older one only fetches a chunk when it is imported, which the polyfill (1 KiB of every first load) would hasten.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Few chunks for each first load (scripts/firstLoadGroups.ts): the styling core and the code both landing pages
        // need beside the entry; the code the onboarding page's screens share, that its step screen shares, and that
        // the sign-in and partner landing pages share, each in one chunk.
        codeSplitting: {
          groups: firstLoadGroups({ chunk: 'ui-core', test: STYLING_CORE, neededByAll: [SIGN_IN, ONBOARDING] }, [
            { chunk: 'onboarding', screens: ONBOARDING, opensLater: STEP_SCREEN, shareable: true },
            { chunk: 'step-form', screens: STEP_SCREEN },
            { chunk: 'sign-in', screens: SIGN_IN },
            { chunk: 'partner-landing', screens: PARTNER_LANDING },
          ]),
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
