import { expect, test } from '@playwright/test';

test.describe('site shell', () => {
  test('header: navigation, disabled esports/tennis, download, start-broadcast and login', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: '球友圈首页' })).toBeVisible();
    await expect(header.getByRole('button', { name: '登录/注册' })).toBeVisible();
    if (!isMobile) {
      const nav = header.getByRole('navigation', { name: '主导航' }).first();
      for (const label of ['首页', '比分', '直播', '赛程', '头条', '社区', '锦囊', '资料库']) {
        await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) }).first()).toBeVisible();
      }
      await nav.getByRole('link', { name: /^比分/ }).hover();
      await expect(nav.getByText('电竞')).toHaveAttribute('aria-disabled', 'true');
      await expect(nav.getByText('网球')).toHaveAttribute('aria-disabled', 'true');
      await expect(header.getByRole('link', { name: '开播' })).toBeVisible();
      await expect(header.getByRole('link', { name: '下载' })).toHaveAttribute('href', '/app');
    }
  });

  test('search box: hot list in two columns, history of 6 with delete and clear', async ({ page }) => {
    await page.goto('/');
    const box = page.locator('search-box');
    const input = box.getByRole('searchbox');
    await input.focus();
    const columns = box.locator('[data-hot] ol');
    await expect(columns.nth(0).locator('li')).toHaveCount(5);
    expect(await columns.nth(1).locator('li').count()).toBeGreaterThan(0);

    // Each search from the header of the page the last one opened: seven loads, not fourteen.
    for (const word of ['一', '二', '三', '四', '五', '六', '七']) {
      await input.fill(`搜索${word}`);
      await input.press('Enter');
      // The header's script has run by DOMContentLoaded; the page's images need not have loaded.
      await page.waitForURL((url) => url.searchParams.get('val') === `搜索${word}`, {
        waitUntil: 'domcontentloaded',
      });
    }
    await page.goto('/');
    await input.focus();
    const history = box.locator('[data-history-list] li');
    await expect(history).toHaveCount(6);
    await expect(history.first()).toContainText('搜索七');
    await box.getByRole('button', { name: '删除搜索记录 搜索七' }).click();
    await expect(history.first()).toContainText('搜索六');
    await expect(history).toHaveCount(6);
    await box.getByRole('button', { name: '清空' }).click();
    await expect(history).toHaveCount(0);
    await page.reload();
    await input.focus();
    await expect(box.locator('[data-history]')).toBeHidden();
  });

  test('footer: site map, about ids 10001–10006, anchor help and the statement', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer.site-footer');
    const about = footer.getByRole('navigation', { name: '关于我们' });
    for (const id of [10001, 10002, 10003, 10004, 10005, 10006]) {
      await expect(about.locator(`a[href="/about/${id}"]`)).toHaveCount(1);
    }
    // 联系我们 names the site's own channels, the feedback page (10006) first.
    await expect(footer.locator('[data-footer-contact] a[href="/about/10006"]')).toHaveText('意见反馈');
    for (const id of [2, 3, 4]) await expect(footer.locator(`a[href="/about/live/${id}"]`)).toHaveCount(1);
    await expect(footer.locator('.site-statement')).toContainText('仅提供第三方直播流的导航');
    await about.locator('a[href="/about/10002"]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
  });

  test('floating navigation: help, app QR on hover, back to top after 100 px; hidden in rooms', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/about/10005');
    const float = page.locator('aside.float-nav');
    await expect(float.getByRole('link', { name: '帮助' })).toHaveAttribute('href', '/about/10001');
    await expect(float.getByRole('link', { name: '查看活动' })).toBeVisible();
    const top = float.getByRole('button', { name: '返回顶部' });
    await expect(top).toBeHidden();
    await page.mouse.wheel(0, 600);
    await expect(top).toBeVisible();
    await top.click();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeLessThan(100);
    if (!isMobile) {
      // The QR code is an image fetched only when the pop-up shows it (not on every page's first load).
      const qr = float.locator('.qr-pop img');
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeFalsy();
      await float.getByRole('link', { name: '下载APP' }).hover();
      await expect(qr).toBeVisible();
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    }
  });

  test('404 page for an unknown item, with a way home', async ({ page }) => {
    const res = await page.goto('/about/99999');
    expect(res?.status()).toBe(404);
    // Chinese first: the heading and the explanation; the spec's English sentence comes after them.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    await expect(page.getByText('你访问的页面不存在')).toBeVisible();
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await expect(page.locator('[lang="en"]')).toHaveText('This page could not be found');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a path that matches no route redirects home', async ({ page }) => {
    await page.goto('/no/such/route/here');
    await expect(page).toHaveURL(/\/$/);
  });

  test('logged-out visitors are sent home from /v/* and /recommend', async ({ page }) => {
    for (const path of ['/v/home', '/v/wallet', '/recommend']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('about and app pages render their content without client JS', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const base = test.info().project.use.baseURL;
    await page.goto(`${base}/about/live/2`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('主播开播教程');
    await page.goto(`${base}/app`);
    await expect(page.locator('#h5 svg')).toBeVisible();
    await context.close();
  });
});
