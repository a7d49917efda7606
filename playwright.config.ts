import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './tests/support/chromium.ts';

/**
 * Specs that watch matches being played share one fast-simulator server whose clock they move
 * (tests/e2e/support/fast-sim.ts): their own project, so that server runs only while they do.
 */
const SIMULATED = /\/(follows|match-centre|match-timeline|match-packets|scores|tips-settle)\.spec\.ts$/;
/**
 * The phone project runs the specs whose pages a phone lays out or operates differently (navigation,
 * forms, pop-ups, the live room, the score island). Server behaviour (headers, escaping, caching,
 * errors, sockets, the desktop-only console) is the same at every width and runs on desktop alone.
 */
const PHONE =
  /\/(shell|flows|smoke|accounts|live-room|room-lines|community|messages|wallet|tips|predictions|ratings|news|scores-pages)\.spec\.ts$/;
const desktop = { viewport: { width: 1366, height: 800 } };

export default defineConfig({
  testDir: 'tests/e2e',
  // Starts the built server once; it sets E2E_BASE_URL, which workers (started later) inherit.
  globalSetup: './tests/e2e/support/server.ts',
  // Two cores: one spec per core. The specs share one server and keep out of each other's way
  // (each project logs in its own accounts where it changes them).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromiumLaunch,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // A trace records the page all through a test: about a sixth of the e2e stage's CPU when every
    // test was traced and the trace kept only on failure. CI retries a failed test once, traced.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    // First, and one at a time (they move one shared clock): Playwright hands out files in the order
    // of this list, so the simulated chain runs beside the others from the start instead of alone
    // at the end with the second worker idle.
    { name: 'simulated', testMatch: SIMULATED, workers: 1, use: desktop },
    { name: 'desktop', testIgnore: SIMULATED, use: desktop },
    {
      name: 'mobile',
      testMatch: PHONE,
      use: {
        userAgent: devices['Pixel 7'].userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
