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
    // Files in one worker share their imports (the server graph is most of a file's start-up: 170 s
    // of a run when each file imported it afresh, 12 s now). Every test file cleans up after itself:
    // fake timers are restored, contexts closed, and nothing in src keeps one request's data.
    isolate: false,
  },
});
