import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompiledValidators } from './scripts/vite-plugin-precompiled-validators.js';

export default defineConfig({
  plugins: [react(), precompiledValidators()],
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/server/**'],
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
