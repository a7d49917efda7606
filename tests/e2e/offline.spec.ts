import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/login.ts';

/**
 * Offline reading (public/sw.js, docs/readers.md): pages read online open offline from the service
 * worker's copy, with the 离线 bar on it; a fan's pages are never kept. Installing: the /app button.
 */
test.skip(({ isMobile }) => isMobile, 'the worker and its caches are the same at every width');

/** Waits until the page's service worker is active: the next navigations go through it. */
async function workerActive(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
}

/** Whether the worker keeps a page for `path`. */
const kept = (page: Page, path: string) =>
  page.evaluate(async (p) => !!(await caches.match(p, { ignoreVary: true })), path);

/** Every kept entry: its path, Cache-Control and, for text, its body. */
const everythingKept = (page: Page) =>
  page.evaluate(async () => {
    const entries: { cache: string; path: string; cacheControl: string; text: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = (await cache.match(request))!;
        const type = response.headers.get('content-type') ?? '';
        entries.push({
          cache: name,
          path: new URL(request.url).pathname,
          cacheControl: response.headers.get('cache-control') ?? '',
          text: /text|javascript|json/.test(type) ? await response.text() : '',
        });
      }
    }
    return entries;
  });

/** HH:mm in Beijing time of an HTTP date. */
const beijingTime = (httpDate: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(httpDate));

test('an article read once opens offline, with its text', async ({ page, context }) => {
  // A demo article no other spec edits or deletes (news.spec's own article comes and goes meanwhile).
  const path = '/news/1';
  await page.goto('/news/pages');
  const title = (await (await page.request.get(path)).text()).match(/<h1[^>]*>([^<]+)<\/h1>/)![1].trim();
  // Opened by its address: a click would hover the link first, and the browser's own prefetch of it
  // would answer the offline visit before the worker's copy (the text shows then too, without the bar).
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await workerActive(page);
  await expect.poll(() => kept(page, path)).toBe(true);
  const paragraph = (await page.locator('.news-body p').first().textContent())!.trim();

  await page.goto('/about/10001');
  // The worker never answers a page from the browser's HTTP cache (sw.js fromServer): offline, only its copy is left.
  await context.setOffline(true);
  // The worker learns of the lost line a moment after the page does: ask again until it has.
  await expect(async () => {
    await page.goto(path);
    await expect(page.locator('.offline-bar')).toContainText('离线', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.news-body p').first()).toHaveText(paragraph);
  await context.setOffline(false);
});

test('/football opens offline with its last list and the 离线 bar, and refreshes when the line returns', async ({
  page,
  context,
}) => {
  await page.goto('/football');
  await workerActive(page);
  await expect.poll(() => kept(page, '/football')).toBe(true);
  const date = await page.evaluate(async () =>
    (await caches.match('/football', { ignoreVary: true }))!.headers.get('date')!,
  );
  const firstRow = await page.locator('[data-mid]').first().getAttribute('data-mid');

  await context.setOffline(true);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.offline-bar')).toHaveText(`离线 · 数据截至 ${beijingTime(date)}`, {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator(`[data-mid="${firstRow}"]`).first()).toBeVisible();

  // Back online: the page reloads itself from the network, without the bar. (Its script listens from
  // before the load event on.)
  await page.waitForLoadState('load');
  await page.evaluate(() => ((window as unknown as { stale: boolean }).stale = true));
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  // The browser may say it is online a moment before pages load again: the page then tries again.
  await expect(page.locator('.offline-bar')).toHaveCount(0, { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { stale?: boolean }).stale)).toBeUndefined();
  await expect(page.locator('[data-mid]').first()).toBeVisible();
});

test('a logged-in fan’s pages are never kept: offline they give the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/about/10001');
  await workerActive(page);
  await logIn(page, '13800000001');
  for (const path of ['/v/wallet', '/football', '/news/1']) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(200);
  }
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  // The worker learns of the lost line a moment after the page does: ask again until it has.
  await expect(async () => {
    await page.goto('/v/wallet');
    await expect(page.getByRole('heading', { name: '当前处于离线状态' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // Back online, the offline page reloads the address asked for.
  await page.waitForLoadState('load');
  const reloaded = page.waitForEvent('load');
  await context.setOffline(false);
  await reloaded;
  await expect(page.getByRole('heading', { name: '当前处于离线状态' })).toHaveCount(0, { timeout: 15_000 });

  const entries = await everythingKept(page);
  expect(entries.some((e) => e.path === '/offline')).toBe(true);
  const pages = entries.filter((e) => !e.path.startsWith('/_astro/'));
  // Only the worker's shell: the pages the fan opened went out with their login cookie.
  expect(pages.map((e) => e.path).sort()).toEqual(['/favicon.svg', '/logo.svg', '/offline']);
  for (const e of entries) {
    expect(e.cacheControl, e.path).not.toMatch(/private|no-store/);
    expect(e.text, e.path).not.toContain('球迷小王');
  }
});

test('/app offers 添加到主屏幕 once the browser fires beforeinstallprompt', async ({ page }) => {
  await page.goto('/app');
  const button = page.getByRole('button', { name: '添加到主屏幕' });
  await expect(button).toBeHidden();
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => ((window as unknown as { prompted: boolean }).prompted = true),
    });
    dispatchEvent(offer);
  });
  await expect(button).toBeVisible();
  await button.click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  await expect(button).toBeHidden();
  // The QR codes for the links the operator published stay.
  await expect(page.locator('#h5 svg')).toBeVisible();
});

test('/app shows iOS Safari the steps instead of a button', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: false }));
  await page.goto('/app');
  await expect(page.getByText('点击分享按钮，再选“添加到主屏幕”')).toBeVisible();
  await expect(page.getByRole('button', { name: '添加到主屏幕' })).toBeHidden();
});
