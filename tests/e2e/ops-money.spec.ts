import { expect, test, type Page } from '@playwright/test';
import { holdAccounts } from './support/hold-account.ts';
import { logIn } from './support/login.ts';

// Checks exact changes to these shared accounts; another spec must not change them meanwhile.
holdAccounts('13800000001', '13800000101');

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

  test('获取验证码 stays disabled until its script has run, so an early click is never lost', async ({
    page,
  }) => {
    // A click on the server-rendered button before hydration did nothing (a whole run lost 3 minutes
    // to it on a busy machine): with the island's script held back, the button must say it is not ready.
    await switchTo(page, '13800000009');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/SecondFactorField[^/]*\.js/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/ops/money/adjust?userId=1', { waitUntil: 'domcontentloaded' });
    const button = page.getByRole('region', { name: '人工充值' }).getByRole('button', { name: '获取验证码' });
    await expect(button).toBeDisabled();
    release();
    await expect(button).toBeEnabled();
  });

  test('a large manual top-up is credited only when a second finance staff member approves it', async ({
    page,
  }) => {
    test.setTimeout(180_000); // three logins and several page loads on a shared, busy machine
    await switchTo(page, '13800000001');
    await page.goto('/');
    const before = await headerTickets(page);

    // 运营小美 asks for 5 000 球票 for 球迷小王: above the limit (1 000), so it only files a request.
    await switchTo(page, '13800000009');
    await page.goto('/ops/money/user?q=13800000001');
    await page.getByTestId('money-user').getByRole('link', { name: '人工调账' }).click();
    const form = page.getByRole('region', { name: '人工充值' });
    await form.getByRole('combobox').selectOption('ticket');
    await form.getByRole('textbox', { name: '数量' }).fill('5000');
    await form.getByRole('textbox', { name: '原因' }).fill('签约主播活动奖励');
    await form.getByRole('button', { name: '获取验证码' }).click();
    const code = (await form.getByTestId('second-factor-demo').locator('.font-mono').textContent())!;
    await form.getByRole('textbox', { name: '手机验证码' }).fill(code);
    await form.getByRole('button', { name: '确认充值' }).click();
    await expect(form.getByText('数量超过1000，需另一位财务人员复核：已提交，批准后到账')).toBeVisible();

    await page.getByRole('link', { name: '充值复核' }).click();
    const mine = page.locator('tr[data-top-up]', { hasText: '签约主播活动奖励' });
    await expect(mine).toContainText('5,000 球票');
    await expect(mine).toContainText('您提交的申请，等待其他财务人员复核');
    await expect(mine.getByRole('button', { name: /批准/ })).toHaveCount(0);

    // 财务小林 approves it with a code to his own phone; only then do the 球票 arrive.
    await switchTo(page, '13800000012');
    await page.goto('/ops/money/top-ups');
    const row = page.locator('tr[data-top-up]', { hasText: '签约主播活动奖励' });
    await row.getByRole('button', { name: '获取验证码' }).click();
    const approverCode = (await row.getByTestId('second-factor-demo').locator('.font-mono').textContent())!;
    await row.getByRole('textbox', { name: '手机验证码' }).fill(approverCode);
    await row.getByRole('button', { name: /^批准/ }).click();
    await expect(page.locator('tr[data-top-up]', { hasText: '签约主播活动奖励' })).toHaveCount(0);
    await page.getByRole('group', { name: '状态' }).getByRole('link', { name: '已到账' }).click();
    await expect(page.locator('tr[data-top-up]', { hasText: '签约主播活动奖励' })).toContainText(
      '已到账（财务小林）',
    );

    await switchTo(page, '13800000001');
    await page.goto('/');
    expect(await headerTickets(page)).toBe(before + 5000);
  });
});
