import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
    // Two files at a time, each with its own product (database, port) and Chromium: a browser test mostly waits (for
    // jobs, timers, pages), so two share the 2-core CI machine well — 22 files in 8 min instead of 10.5 one by one.
    fileParallelism: true,
    maxWorkers: 2,
    // expect.poll waits 1 s by default: on a busy 2-core machine a lookup or a fade can take longer. A wait that
    // succeeds costs nothing more; the test timeout still ends one that never does.
    expect: { poll: { timeout: 20_000 } },
  },
});
