import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
    fileParallelism: false,
    // expect.poll waits 1 s by default: on a busy 2-core machine a lookup or a fade can take longer. A wait that
    // succeeds costs nothing more; the test timeout still ends one that never does.
    expect: { poll: { timeout: 20_000 } },
  },
});
