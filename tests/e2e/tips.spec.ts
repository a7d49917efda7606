import { expect, test } from '@playwright/test';
import { logIn, tokenOf } from './support/login.ts';
import { holdAccounts } from './support/hold-account.ts';
import { feedNow } from './support/feed-now.ts';

const EXPERT = '13800000003';
const FAN = '13800000001';

// Checks exact changes to these shared accounts; another spec must not change them meanwhile.
holdAccounts(FAN, EXPERT);

interface OpenMatch {
  id: number;
  sport: number;
  kickoffAt: string;
}

test.describe('锦囊', () => {
  // Two accounts, a dozen page loads: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('an expert publishes a plan; a fan buys it and reads the analysis; records are public', async ({
    page,
    request,
  }) => {
    // A match kicking off at least an hour ahead that the expert has no plan on yet, with 亚盘 prices.
    const token = await tokenOf(request, EXPERT);
    const headers = { accessToken: token };
    const own = (await (await request.get('/svc/tj/recommend/records?pageSize=50', { headers })).json()).data;
    const taken = new Set(own.list.map((p: { match: { id: number } }) => p.match.id));
    const open: OpenMatch[] = (await (await request.get('/svc/tj/match/list')).json()).data;
    // An hour ahead by the server's feed clock (its "now" is pinned, not the machine's).
    const now = await feedNow(request);
    let matchId = 0;
    for (const m of open) {
      if (taken.has(m.id) || Date.parse(m.kickoffAt) < now + 3600_000) continue;
      const plays = (await (await request.get(`/svc/tj/match/plays?matchId=${m.id}`)).json()).data;
      if (plays.plays.some((p: { play: string }) => p.play === 'asia')) {
        matchId = m.id;
        break;
      }
    }
    expect(matchId).toBeGreaterThan(0);

    await logIn(page, EXPERT);
    await page.goto('/');
    await page.goto('/recommend/yapan');
    await expect(page.getByRole('navigation', { name: '推荐菜单' })).toBeVisible();
    // The list is long: follow the row's link rather than scrolling under the sticky header.
    const publish = page
      .locator(`[data-recommend-match="${matchId}"]`)
      .getByRole('link', { name: '发布推荐' });
    await expect(publish).toHaveAttribute(
      'href',
      new RegExp(`/recommend/comList\\?matchId=${matchId}&play=asia`),
    );
    await page.goto((await publish.getAttribute('href'))!);
    const title = `E2E亚盘推荐${Date.now().toString().slice(-6)}`;
    await page.locator('input[name="choice"][value="asia:home"]').check();
    await page.getByLabel(/标题/).fill(title);
    await page
      .getByLabel(/分析/)
      .fill('主队近期主场表现稳定，客队客场防守漏洞较多，盘口让步合理，看好主队赢盘。');
    await page.getByLabel(/价格/).fill('30');
    await page.getByLabel(/不中退/).check();
    await page.getByRole('button', { name: '发布方案' }).click();
    await page.waitForURL(/\/guide\/plan\/\d+$/);
    const planUrl = page.url();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('[data-plan-hash]')).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByText('✓ 与发布时一致')).toBeVisible();

    // The fan sees it locked; buying asks first with the price, and 取消 buys nothing.
    await page.context().clearCookies();
    await logIn(page, FAN);
    const fanHeaders = { accessToken: await tokenOf(request, FAN) };
    const balance = async () =>
      (await (await request.get('/svc/pay/balances', { headers: fanHeaders })).json()).data.balance;
    const before = await balance();
    await page.goto(planUrl);
    await expect(page.locator('[data-plan-analysis]')).toHaveCount(0);
    const buy = page.getByRole('button', { name: '购买方案（30 球钻）' });
    await buy.click();
    const ask = page.getByRole('dialog', { name: '确认支付 30 球钻？' });
    await expect(ask).toContainText(title);
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(ask).toHaveCount(0);
    await expect(buy).toBeEnabled();
    expect(await balance()).toBe(before);
    await page.reload();
    await expect(page.locator('[data-plan-analysis]')).toHaveCount(0);

    // Confirmed, it buys, and the fan reads the pick and the analysis.
    await buy.click();
    await page
      .getByRole('dialog', { name: '确认支付 30 球钻？' })
      .getByRole('button', { name: '确认支付' })
      .click();
    await expect(page.locator('[data-plan-analysis]')).toContainText('看好主队赢盘');
    await expect(page.locator('[data-plan-pick]')).toContainText('主队');
    expect(await balance()).toBe(before - 30);
    await page.goto('/v/order');
    await expect(page.locator('[data-purchases]')).toContainText(title);

    // The plan is on the match's 方案 tab.
    const sport = open.find((m) => m.id === matchId)!.sport === 2 ? 'basketball' : 'football';
    await page.goto(`/${sport}/plan/${matchId}`);
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  });

  test('the expert page shows a record computed from settled plans', async ({ page }) => {
    await page.goto('/guide');
    await expect(page.getByRole('region', { name: '热门方案' })).toBeVisible();
    await page.goto('/guide/expert');
    await page.getByRole('link', { name: '竞彩老李' }).first().click();
    await page.waitForURL(/\/guide\/expert\/info\/\d+$/);
    await expect(page.locator('[data-expert-record]')).toContainText('命中率');
    await expect(page.locator('[data-plan-result="win"], [data-plan-result="lose"]').first()).toBeVisible();
    await page
      .locator('[data-plan-result="lose"]')
      .first()
      .locator('xpath=ancestor::article')
      .getByRole('link')
      .nth(0)
      .click();
    await expect(page.locator('[data-plan-status="settled"]')).toBeVisible();
    await expect(page.locator('[data-plan-analysis]')).toBeVisible();
  });

  test('/recommend offers 发布推荐 only to experts; a fan reads the plans and how to apply', async ({
    page,
  }) => {
    await logIn(page, FAN);
    await page.goto('/recommend');
    const first = page.locator('[data-recommend-match]').first();
    await expect(first).toBeVisible();
    await expect(page.getByRole('link', { name: '发布推荐' })).toHaveCount(0);
    await expect(first.getByRole('link', { name: '查看方案' })).toHaveAttribute(
      'href',
      /^\/(football|basketball)\/plan\/\d+$/,
    );
    await expect(page.locator('[data-publish-note]')).toContainText('仅认证专家可以发布推荐');
    await page.context().clearCookies();
    await logIn(page, EXPERT);
    await page.goto('/recommend');
    await expect(
      page.locator('[data-recommend-match]').first().getByRole('link', { name: '发布推荐' }),
    ).toBeVisible();
    await expect(page.locator('[data-publish-note]')).toHaveCount(0);
  });

  test('operators review experts in the console', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the staff console is a desktop page (docs/testing.md): desktop only');
    await logIn(page, '13800000009');
    await page.goto('/ops/experts');
    await expect(
      page.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: '专家管理' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: '专家申请' })).toContainText('没有待审核的申请');
    await expect(page.getByRole('region', { name: '专家', exact: true })).toContainText('竞彩老李');
  });
});
