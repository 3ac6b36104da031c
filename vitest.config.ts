import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/{machines,web,server}/**/*.test.{ts,tsx}', 'tests/storybook/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    setupFiles: ['tests/support/setupDom.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
