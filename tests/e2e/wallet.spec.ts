import { expect, test, type Page } from '@playwright/test';
import { holdAccounts } from './support/hold-account.ts';
import { logIn, tokenOf } from './support/login.ts';

// Checks exact changes to these shared accounts; another spec must not change them meanwhile.
holdAccounts('13800000001');

/** The 球钻 balance in the header's account menu. */
async function headerDiamonds(page: Page): Promise<number> {
  const menu = page.locator('user-menu');
  await menu.locator('[data-toggle]').click();
  const text = await menu.locator('[data-balance="balance"]').textContent();
  await menu.locator('[data-toggle]').click();
  return Number(text!.replace(/,/g, ''));
}

test.describe('wallet', () => {
  test('log in, recharge through the sandbox cashier, see the balance and the record', async ({ page }) => {
    await page.goto('/');
    await page.locator('header.site-header').getByRole('button', { name: '登录/注册' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('手机号').fill('13800000001');
    await dialog.getByLabel('密码', { exact: true }).fill('demo123456');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.locator('user-menu')).toBeVisible();
    const before = await headerDiamonds(page);

    await page.goto('/v/pay');
    await page.getByText('710 球钻').click();
    await page.getByRole('button', { name: '立即充值' }).click();
    await page.waitForURL(/\/pay\/sandbox\/CZ\d+$/);
    await expect(page.getByRole('heading', { name: '演示收银台' })).toBeVisible();
    await expect(page.getByText('演示', { exact: true })).toBeVisible();
    await expect(page.getByLabel('应付 68.00 元')).toHaveText('¥68.00');
    await page.getByRole('button', { name: '确认支付' }).click();

    await page.waitForURL(/\/v\/pay\?orderNo=CZ\d+$/);
    await expect(page.getByRole('heading', { name: '充值成功' })).toBeVisible();
    await expect(page.locator('[data-result-balance]')).toHaveText((before + 710).toLocaleString('en-US'));
    expect(await headerDiamonds(page)).toBe(before + 710);

    await page.getByRole('link', { name: '查看交易记录' }).click();
    const latest = page.locator('[data-records] li').first();
    await expect(latest).toContainText('球钻充值');
    await expect(latest).toContainText('+710');
    await expect(latest).toContainText(`余额 ${(before + 710).toLocaleString('en-US')}`);

    await page.goto('/v/order');
    await expect(page.locator('[data-orders] li').first()).toContainText('已支付');
  });

  test('nobility’s buttons wait for the shop to load: a click before it would do nothing', async ({
    page,
  }) => {
    await logIn(page, '13800000001');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/NobilityShop\.[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/v/wallet?tab=nobility');
    const knight = page.getByRole('list', { name: '贵族等级' }).getByRole('button', { name: /600 球钻/ });
    await expect(knight).toBeDisabled();
    release();
    await expect(knight).toBeEnabled();
  });

  test('nobility asks before paying: 取消 buys nothing; a tier beyond the balance offers 去充值', async ({
    page,
  }) => {
    await logIn(page, '13800000001');
    const headers = { accessToken: await tokenOf(page.request, '13800000001') };
    const balance = async () =>
      (await (await page.request.get('/svc/pay/balances', { headers })).json()).data.balance as number;
    const before = await balance();
    await page.goto('/v/wallet?tab=nobility');
    const tiers = page.getByRole('list', { name: '贵族等级' });
    await tiers
      .getByRole('button', { name: /骑士|600 球钻/ })
      .first()
      .click();
    const ask = page.getByRole('dialog', { name: '确认支付 600 球钻？' });
    await expect(ask).toContainText('开通骑士 1 个月');
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(ask).toHaveCount(0);
    expect(await balance()).toBe(before);
    await expect(page.getByText('你还不是贵族')).toBeVisible();

    expect(before).toBeLessThan(150_000);
    await tiers.getByRole('button', { name: /150,000 球钻/ }).click();
    const short = page.getByRole('dialog', { name: '球钻余额不足' });
    await expect(short).toContainText('需要 150,000 球钻');
    await expect(short.getByRole('link', { name: '去充值' })).toHaveAttribute('href', '/v/pay');
    await short.getByRole('button', { name: '取消' }).click();
    expect(await balance()).toBe(before);
  });
});
