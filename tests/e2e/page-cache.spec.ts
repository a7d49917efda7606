import { expect, test } from '@playwright/test';

test.describe('page micro-cache', () => {
  test('visitors share a stored page; a logged-in user gets it with their own header part filled in, never stored', async ({
    page,
    request,
  }) => {
    await request.get('/about/10001');
    const hit = await request.get('/about/10001');
    expect(hit.headers()['x-page-cache']).toBe('hit');
    expect(hit.headers()['cache-control']).toContain('s-maxage=1');

    await page.goto('/');
    await expect(page.locator('header.site-header').getByRole('button', { name: '登录/注册' })).toBeVisible();
    await page.locator('header.site-header').getByRole('button', { name: '登录/注册' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('手机号').fill('13800000001');
    await dialog.getByLabel('密码', { exact: true }).fill('demo123456');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.locator('user-menu')).toBeVisible();

    // The visitors' copy with an empty header part, which the browser fills from /parts/me (docs/deployment.md).
    const mine = await page.goto('/about/10001');
    expect(mine!.headers()['x-page-cache']).toBe('fan');
    expect(mine!.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('user-menu')).toBeVisible();
    // The visitors' copy still has the login button, not this user's menu.
    expect(await (await request.get('/about/10001')).text()).not.toContain('球迷小王');
  });

  test('a page renders without the query parameters it does not read', async ({ request }) => {
    // The 按时间/按赛事 and 彩种 links copy the URL's query string: only what the page reads is in it.
    const body = await (await request.get('/football?view=league&utm_source=e2e-tag&from=share')).text();
    expect(body).toContain('href="/football?view=league&amp;lottery=jc"');
    expect(body).not.toContain('e2e-tag');
    expect(body).not.toContain('from=share');
  });

  test('the 429 page a client gets past its share of renders says so in Chinese', async ({ page }) => {
    // The server sends this page itself when it refuses (tests/api/page-cache.test.ts); here, the page.
    const res = await page.goto('/429');
    expect(res!.status()).toBe(429);
    await expect(page).toHaveTitle(/请求太频繁/);
    await expect(page.getByRole('heading', { name: '操作太频繁，请稍后再试' })).toBeVisible();
    await expect(page.getByText('同时打开的页面太多了，请稍等片刻再刷新。')).toBeVisible();
    await expect(page.getByRole('link', { name: '返回首页' }).first()).toBeVisible();
  });
});
