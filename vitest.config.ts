import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { TIMED_API_FILES } from './tests/support/timedFiles.mjs';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    // Vitest's default is cores - 1, one file at a time on a 2-core machine; the API files wait
    // on the database much of the time, so two at once nearly halve the run there (23.5 → 12.2
    // min under the same load; the whole suite must stay well under 30 minutes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/support/setupDom.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/server/**/*.test.{ts,tsx}'],
          exclude: TIMED_API_FILES,
          // Says once per run which half of the API tests is left out and why (not once per file).
          globalSetup: ['tests/support/apiDatabases.globalSetup.ts'],
          // An API file builds its own app and database and closes them (tests/server/helper.ts),
          // so its worker's module cache can serve the next file: evaluating Fastify, Drizzle and
          // the server's modules again per file cost 177 s of a 592 s run of this folder; without
          // it the run took 441 s (same host, same load). The views stay isolated: the browser
          // side keeps singletons (the auth service, cached lists) that one file's run would
          // leave to the next.
          isolate: false,
        },
      },
      {
        extends: true,
        // Each in a fresh worker: an event loop that earlier files left timers in is not this host's.
        test: { name: 'api-timed', include: TIMED_API_FILES },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/{machines,web}/**/*.test.{ts,tsx}', 'tests/storybook/**/*.test.{ts,tsx}', 'tests/shared/**/*.test.ts'],
        },
      },
    ],
  },
});
