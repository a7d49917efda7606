import { expect, test } from '@playwright/test';

test.describe('page micro-cache', () => {
  test('visitors share a stored page; a logged-in user gets their own, never stored', async ({
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

    const mine = await page.goto('/about/10001');
    expect(mine!.headers()['x-page-cache']).toBeUndefined();
    expect(mine!.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('user-menu')).toBeVisible();
    // The visitors' copy still has the login button, not this user's menu.
    expect(await (await request.get('/about/10001')).text()).not.toContain('球迷小王');
  });
});
