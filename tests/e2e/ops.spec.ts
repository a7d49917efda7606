import { expect, test } from '@playwright/test';
import { logIn } from './support/login.ts';

test.describe('staff console access', () => {
  test('visitors and fans get the 404 page at /ops', async ({ page }) => {
    expect((await page.goto('/ops'))!.status()).toBe(404);
    await logIn(page, '13800000001');
    expect((await page.goto('/ops'))!.status()).toBe(404);
    expect((await page.goto('/ops/log'))!.status()).toBe(404);
  });

  test('an operator sees the front page and the sections of the role, not the admin log', async ({
    page,
  }) => {
    await logIn(page, '13800000009');
    expect((await page.goto('/ops'))!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '概览' })).toBeVisible();
    await expect(page.getByText('待审提现')).toBeVisible();
    const menu = page.getByRole('navigation', { name: '后台菜单' });
    await expect(menu.getByRole('link', { name: '举报处理' })).toBeVisible();
    await expect(menu.getByRole('link', { name: '操作日志' })).toHaveCount(0);
    expect((await page.goto('/ops/log'))!.status()).toBe(404);
    // 热搜词: how many different visitors searched each word, and the floor a word needs.
    expect((await page.goto('/ops/search-words'))!.status()).toBe(200);
    await expect(page.getByText(/至少 5\s*位不同访客/)).toBeVisible();
  });

  test('an admin reads the operator log', async ({ page }) => {
    await logIn(page, '13800000011');
    expect((await page.goto('/ops/log'))!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();
  });
});
