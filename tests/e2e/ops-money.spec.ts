import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/login.ts';

/** The 球票 balance in the header's account menu. */
async function headerTickets(page: Page): Promise<number> {
  const menu = page.locator('user-menu');
  await menu.locator('[data-toggle]').click();
  const text = await menu.locator('[data-balance="ticket"]').textContent();
  await menu.locator('[data-toggle]').click();
  return Number(text!.replace(/,/g, ''));
}

async function switchTo(page: Page, mobile: string) {
  await page.context().clearCookies();
  await logIn(page, mobile);
}

test.describe('staff console: finance', () => {
  test.skip(() => test.info().project.name !== 'desktop', 'the console is built for desktop widths');

  test('finance rejects a withdrawal and the user’s balance is restored', async ({ page }) => {
    test.setTimeout(180_000); // three logins and five page loads on a shared, busy machine
    // The seed leaves 篮球老张's request for 5 000 球票 waiting in the queue.
    await switchTo(page, '13800000101');
    await page.goto('/');
    const before = await headerTickets(page);

    await switchTo(page, '13800000009');
    await page.goto('/ops/money');
    await expect(page.getByRole('heading', { name: '财务' })).toBeVisible();
    const row = page.locator('tr[data-withdrawal]', { hasText: '篮球老张' });
    await expect(row).toContainText('5,000 球票');
    await row.getByRole('textbox', { name: /驳回原因/ }).fill('收款户名与实名不符');
    await row.getByRole('button', { name: '驳回' }).click();
    await expect(page.locator('tr[data-withdrawal]', { hasText: '篮球老张' })).toHaveCount(0);

    await page.getByRole('group', { name: '状态' }).getByRole('link', { name: '已驳回' }).click();
    await expect(page.locator('tr[data-withdrawal]', { hasText: '篮球老张' })).toContainText(
      '已驳回：收款户名与实名不符',
    );

    await switchTo(page, '13800000101');
    await page.goto('/');
    expect(await headerTickets(page)).toBe(before + 5000);
  });
});
