import { expect, test, type Page } from '@playwright/test';

/**
 * Content pages stay lean for a reader on a bad line (issue 37, docs/readers.md): a news article
 * loads under 30 KB on the wire, compressed as the browser asks (br), counting the
 * HTML, CSS, JS, fonts and the images loaded eagerly (a lazy image below the fold is the reader's
 * choice to scroll). Bytes are Chromium's own count from the DevTools protocol: what it received for
 * each file (Network.loadingFinished encodedDataLength) less its response headers (the
 * encodedDataLength of Network.responseReceived): about 0.5 KB a file, 1.4 KB for the page (its CSP).
 */
const BUDGET = 30 * 1024;
/**
 * The pages held to it. /football weighed 30,317 bytes with the 23 matches of 2026-11-29 before the
 * shell's small shared modules went out as one `core` chunk without preload lists (astro.config.mjs),
 * about 29.2 KB after; a busy day's rows (about 190 bytes each) are what its margin is for.
 */
const PAGES = ['/news/1', '/football'];
const COUNTED = new Set(['Document', 'Stylesheet', 'Script', 'Image', 'Font']);

interface Loaded {
  url: string;
  type: string;
  /** The compressed body. */
  bytes: number;
  headers: number;
}

async function weigh(page: Page, path: string): Promise<Loaded[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map<string, { url: string; type: string; headers: number }>();
  const loaded: Loaded[] = [];
  cdp.on('Network.requestWillBeSent', (e) =>
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', headers: 0 }),
  );
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.headers = e.response.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) loaded.push({ ...r, bytes: e.encodedDataLength - r.headers });
  });
  await page.goto(path, { waitUntil: 'load' });
  // Islands hydrate after load and may bring their code: wait until the network is quiet.
  await page.waitForLoadState('networkidle');
  const lazy = new Set(
    await page.evaluate(() =>
      [...document.images].filter((i) => i.loading === 'lazy').map((i) => i.currentSrc || i.src),
    ),
  );
  await cdp.detach();
  return loaded.filter((l) => COUNTED.has(l.type) && !(l.type === 'Image' && lazy.has(l.url)));
}

/** One line per file, for the failure message: what to look at when the page has grown. */
const listing = (files: Loaded[]) =>
  files
    .map((f) => `${String(f.bytes).padStart(7)} (+${f.headers} headers)  ${f.type.padEnd(10)} ${f.url}`)
    .join('\n');

test.describe('content pages on a bad line (issue 37)', () => {
  for (const path of PAGES) {
    test(`${path} loads under 30 KB on the wire`, async ({ page }) => {
      const files = await weigh(page, path);
      const total = files.reduce((sum, f) => sum + f.bytes, 0);
      const html = files.find((f) => f.type === 'Document');
      expect(html, 'the page itself was counted').toBeDefined();
      const headers = files.reduce((sum, f) => sum + f.headers, 0);
      test.info().annotations.push({
        type: 'bytes on the wire',
        description: `${path}: ${total} in ${files.length} files (+${headers} of headers)`,
      });
      expect(total, `${path} weighs ${total} bytes:\n${listing(files)}`).toBeLessThan(BUDGET);
    });
  }
});
