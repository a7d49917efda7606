import { defineConfig } from 'vitest/config';

// The cluster suite (npm test's "cluster" stage, after the build): real processes behind Debian's nginx
// on PostgreSQL and Redis. One file at a time: each starts its own instances.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
