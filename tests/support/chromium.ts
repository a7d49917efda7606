/**
 * Debian's Chromium, never a test tool's own download, with the flags that work on this machine.
 * CHROME_PATH is the name Lighthouse documents; CHROMIUM_PATH wins when both are set.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Playwright's launch options for it. */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
