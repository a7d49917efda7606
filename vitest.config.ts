import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    // Names the run whose database templates the API contexts copy (tests/support/templates.ts).
    globalSetup: ['tests/support/vitest-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API suites each open a database; two cores run two at a time well.
    maxWorkers: 2,
  },
});
