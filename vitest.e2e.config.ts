import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
    // Three files at a time, each with its own product (database, port) and Chromium: a browser test mostly waits (for
    // jobs, timers, pages), so three share the 2-core CI machine well — 26 files on PostgreSQL in 483 s, 561 s two at a
    // time (22 files took 10.5 min one by one, 8 two at a time).
    fileParallelism: true,
    maxWorkers: 3,
    // expect.poll waits 1 s by default: on a busy 2-core machine a lookup or a fade can take longer. A wait that
    // succeeds costs nothing more; the test timeout still ends one that never does.
    expect: { poll: { timeout: 20_000 } },
  },
});
