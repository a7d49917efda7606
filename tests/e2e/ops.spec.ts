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

  test("an editor's front page has no money figures", async ({ page }) => {
    await logIn(page, '13800000010');
    expect((await page.goto('/ops'))!.status()).toBe(200);
    await expect(page.getByText('待处理举报')).toBeVisible();
    await expect(page.getByText('今日充值')).toHaveCount(0);
    await expect(page.getByText('待审提现')).toHaveCount(0);
  });

  test('an admin reads the operator log in words: Chinese actions and changes, no JSON', async ({ page }) => {
    await logIn(page, '13800000011');
    // A logged action of its own (hiding a word nobody searched changes nothing the site shows).
    const word = `日志测试${Date.now().toString().slice(-6)}`;
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const hid = await page.request.post('/svc/api/search/word/hide', {
      headers: { accessToken: token },
      data: { word, hidden: 1 },
    });
    expect((await hid.json()).code).toBe(200);
    expect((await page.goto('/ops/log'))!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '操作日志' })).toBeVisible();
    await page.locator('select[name=action]').selectOption({ label: '隐藏热搜词' });
    await page.getByRole('button', { name: '筛选' }).click();
    const row = page.getByRole('row').filter({ hasText: word });
    await expect(row).toContainText('隐藏热搜词');
    await expect(row).toContainText('热搜词 #');
    await expect(row.locator('[data-log-changes]')).toContainText('隐藏：是');
    await expect(page.locator('tbody')).not.toContainText('search.hide');
    await expect(page.locator('tbody')).not.toContainText('{"');
  });
});
