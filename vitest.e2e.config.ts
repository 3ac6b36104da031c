// The browser layer (DESIGN.md §7): the built app served by the real server, driven in Chromium.
// One worker, files one after another: they share one server and one database (tests/e2e/global-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false, shuffle: false },
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
    // A browser test waits for what a user would wait for; vitest's 1 s poll default is a
    // loaded host's page load, not a failure (npm test runs Node 24's layers beside this one).
    expect: { poll: { timeout: 10_000 } },
  },
});
