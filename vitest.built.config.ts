import { defineConfig } from 'vitest/config';

// Suites on the built site (npm test's "built" stage, after the build): the app's HTTP server in the
// test's process with the real Astro pages of dist/server, on a test database.
export default defineConfig({
  test: {
    include: ['tests/built/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/vitest-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
