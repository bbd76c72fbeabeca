import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstLoadJson } from './scripts/vite-plugin-first-load-json.js';
import { precompiledValidators } from './scripts/vite-plugin-precompiled-validators.js';
import { generateSources } from './scripts/generateSources.js';

// The TypeScript the JSON data implies (the step catalogue), before anything imports it.
generateSources();

// Both projects run without isolation: a worker keeps its modules (and jsdom) from one test file to
// the next, instead of starting a process and importing MUI, rjsf or Fastify again for each file.
// Files stay independent through test/setup.ts (unmount, storage, stubbed globals) and
// test/server/testApp.ts (a schema of its own per test app). Timeouts only catch a hang: no test may
// depend on how fast a busy machine is.
// Vitest's default leaves a core free, which on this 2-core machine means one worker for ~95 files:
// two workers took the suite from 140 s to 104 s here.
const workers = Math.max(2, availableParallelism() - 1);

/** Server files about PGlite itself (its data folder, a server killed mid-upload, the fixtures CLI on a folder): they
 * start PGlite whatever DATABASE_URL says, so a PostgreSQL run leaves them to the PGlite one. */
const PGLITE_ONLY = ['test/server/db/dataFolderLock.test.ts', 'test/server/db/uploadKill.test.ts', 'test/server/fixturesCli.test.ts'];
/**
 * The heaviest server files on PGlite (7 s and more each, about 310 s of the server project's 540 s there). With
 * HEAVY_SERVER_TESTS=postgres (CI, whose last step runs every server file on the PostgreSQL server) they run once, on
 * PostgreSQL, and not on PGlite too; `npm test` alone runs them on PGlite.
 */
const HEAVY_SERVER_FILES = [
  'test/server/abuse/badIds.test.ts',
  'test/server/kycDocuments.test.ts',
  'test/server/abuse/routeFuzz.test.ts',
  'test/server/abuse/hostileUploads.test.ts',
  'test/server/permissions/roleEndpointMatrix.test.ts',
  'test/server/abuse/rateLimit.test.ts',
  'test/server/penny.test.ts',
  'test/server/abuse/addressAttempts.test.ts',
  'test/server/addenda.test.ts',
  'test/server/opsRequirements.test.ts',
  'test/server/esignedDocuments.test.ts',
  'test/server/team.test.ts',
  'test/server/agreementCopy.test.ts',
  'test/server/websiteDocuments.test.ts',
  'test/server/auth.test.ts',
  'test/server/agreements.test.ts',
  'test/server/reviewQueue.test.ts',
  'test/server/website.test.ts',
  'test/server/abuse/unlock.test.ts',
  'test/server/files/s3Store.test.ts',
];
const onPostgres = Boolean(process.env.DATABASE_URL);
const serverExcluded = onPostgres ? PGLITE_ONLY : process.env.HEAVY_SERVER_TESTS === 'postgres' ? HEAVY_SERVER_FILES : [];

export default defineConfig({
  plugins: [react(), precompiledValidators(), firstLoadJson()],
  test: {
    globals: true,
    maxWorkers: workers,
    // expect.poll waits 1 s by default, too short on a busy machine (tests that need a bound give their own).
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/server/**'],
          setupFiles: ['test/setup.ts'],
          isolate: false,
          unstubGlobals: true,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          exclude: serverExcluded,
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
