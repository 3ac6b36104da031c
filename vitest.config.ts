import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/{machines,web,server}/**/*.test.{ts,tsx}', 'tests/storybook/**/*.test.{ts,tsx}', 'tests/shared/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    // Vitest's default is cores - 1, one file at a time on a 2-core machine; the API files wait
    // on the database much of the time, so two at once nearly halve the run there (23.5 → 12.2
    // min under the same load; the whole suite must stay well under 30 minutes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/support/setupDom.ts'],
    // Says once per run which half of the API tests is left out and why (not once per file).
    globalSetup: ['tests/support/apiDatabases.globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
