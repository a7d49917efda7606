import { expect, test } from '@playwright/test';
import { logIn } from './support/login.ts';

/** A seeded applicant (src/server/seed/ops.ts): real name done, application waiting for 运营. */
const APPLICANT = { mobile: '13800000202', nickName: '篮下老周' };

test.describe('staff console: anchors', () => {
  // The console is for desktop widths.
  test.skip(({ isMobile }) => isMobile, 'the console is for desktop widths');

  test('an operator approves an anchor application and the user header shows 开播 to their room', async ({
    page,
    browser,
  }) => {
    await logIn(page, APPLICANT.mobile);
    await page.goto('/');
    const start = page.getByRole('banner').getByRole('link', { name: '开播', exact: true });
    await expect(start).toHaveAttribute('href', '/v/apply');

    const staff = await browser.newContext();
    const ops = await staff.newPage();
    await logIn(ops, '13800000009');
    await ops.goto('/ops/anchors');
    await expect(ops.getByRole('heading', { name: '主播与直播间' })).toBeVisible();
    const row = ops.getByRole('row').filter({ hasText: APPLICANT.nickName });
    await expect(row).toContainText('已实名');
    // 驳回 asks for its reason in the page (no browser prompt): an empty one is refused in Chinese,
    // and 取消 leaves the application waiting.
    await row.getByRole('button', { name: '驳回' }).click();
    const ask = ops.getByRole('dialog', { name: /驳回原因/ });
    await ask.getByRole('button', { name: '确定' }).click();
    await expect(ask.getByRole('alert')).toHaveText('请填写原因');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(ask).toHaveCount(0);
    await ops.reload();
    await expect(row).toContainText('已实名');
    await Promise.all([ops.waitForEvent('load'), row.getByRole('button', { name: '通过' }).click()]);
    await expect(ops.getByRole('row').filter({ hasText: APPLICANT.nickName })).toHaveCount(0);
    await ops.goto('/ops/anchors?tab=apps&status=success');
    await expect(ops.getByRole('row').filter({ hasText: APPLICANT.nickName })).toBeVisible();
    await staff.close();

    await page.reload();
    await expect(start).toHaveAttribute('href', '/v/anchor-set');
    await expect(start).toBeVisible();
  });
});
