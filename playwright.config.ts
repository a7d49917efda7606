import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never Playwright's own download.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Specs that watch matches being played share one fast-simulator server whose clock they move
 * (tests/e2e/support/fast-sim.ts): their own project, so that server runs only while they do.
 */
const SIMULATED = /\/(follows|match-centre|scores|tips-settle)\.spec\.ts$/;
const desktop = { viewport: { width: 1366, height: 800 } };

export default defineConfig({
  testDir: 'tests/e2e',
  // Starts the built server once; it sets E2E_BASE_URL, which workers (started later) inherit.
  globalSetup: './tests/e2e/support/server.ts',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromium,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', testIgnore: SIMULATED, use: desktop },
    {
      name: 'mobile',
      testIgnore: SIMULATED,
      use: {
        userAgent: devices['Pixel 7'].userAgent,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      },
    },
    { name: 'simulated', testMatch: SIMULATED, use: desktop },
  ],
});
