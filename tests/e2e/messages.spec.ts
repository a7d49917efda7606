import { expect, test, type Page } from '@playwright/test';
import { logIn, tokenOf } from './support/login.ts';
import { holdAccounts } from './support/hold-account.ts';

const FAN = '13800000001';
const EXPERT = '13800000003';

// Checks exact changes to these shared accounts; another spec must not change them meanwhile.
holdAccounts(FAN, EXPERT);
const OPERATOR = '13800000009';

/** The header badge's number (hidden means 0). */
const badge = (page: Page) =>
  page
    .locator('notice-badge [data-count]')
    .evaluate((el) => ((el as HTMLElement).hidden ? 0 : Number(el.textContent)));

const ready = async (page: Page) => {
  await expect(page.locator('[data-chat-app][data-live]')).toBeVisible({ timeout: 15_000 });
  // The header badge's live part attaches when the browser is idle.
  await page.waitForTimeout(1000);
};

test('two users chat privately: messages, read receipts and unread badges arrive live', async ({
  page: fan,
  browser,
}, info) => {
  test.setTimeout(60_000);
  const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } =
    info.project.use;
  const expertContext = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
  });
  const expert = await expertContext.newPage();
  await logIn(expert, EXPERT);
  await logIn(fan, FAN);

  await expert.goto('/message/chat');
  await ready(expert);
  const expertId = Number(await expert.locator('notice-badge').getAttribute('data-user'));
  const before = await badge(expert);

  await fan.goto(`/message/chat?to=${expertId}`);
  await ready(fan);
  const hello = `今晚的德比一起看吗？${Date.now() % 100000}`;
  await fan.getByLabel('消息内容').fill(hello);
  await fan.getByRole('button', { name: '发送', exact: true }).click();
  const mine = fan.locator('[data-message]', { hasText: hello });
  await expect(mine).toBeVisible();
  await expect(mine.locator('[data-receipt]')).toHaveText('未读');

  // The expert sees the conversation move up with an unread count, and the header badge rise, live.
  const row = expert.locator('[data-conversation]', { hasText: hello });
  await expect(row.locator('[data-unread]')).toHaveText('1', { timeout: 10_000 });
  await expect.poll(() => badge(expert), { timeout: 10_000 }).toBe(before + 1);

  // Opening it reads it: the badge falls back and the fan's receipt turns to 已读.
  await row.click();
  await expect(expert.locator('[data-message]', { hasText: hello })).toBeVisible();
  await expect.poll(() => badge(expert), { timeout: 10_000 }).toBe(before);
  await expect(mine.locator('[data-receipt]')).toHaveText('已读', { timeout: 10_000 });

  const tag = `见-${Date.now() % 100000}`;
  await expert.getByLabel('消息内容').fill(`好啊，老地方[微笑] ${tag}`);
  await expert.getByLabel('消息内容').press('Enter');
  const answer = fan.locator('[data-message]', { hasText: tag });
  await expect(answer).toBeVisible({ timeout: 10_000 });
  await expect(answer.locator('img[alt="[微笑]"]')).toBeVisible();
  await expertContext.close();
});

test('a user follows another from the personal space, finds them on /v/concern, and unfollows there', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fanToken = await tokenOf(page.request, FAN);
  const fan = (
    await (await page.request.get('/svc/user/center/info', { headers: { accessToken: fanToken } })).json()
  ).data as { id: number; nickName: string };
  await logIn(page, OPERATOR);
  await page.goto(`/personal/${fan.id}`);
  await page.locator('[data-follow-person]').click();
  await expect(page.locator('[data-follow-person]')).toHaveText(/已关注|互相关注/);

  await page.goto('/v/concern');
  const card = page.locator('[data-people] li', { hasText: fan.nickName });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: '取消关注' }).click();
  await expect(page.locator('[data-people] li', { hasText: fan.nickName })).toHaveCount(0);
});

test('/v/concern counts what it lists: 我关注的 N above N people (anchors are on /v/attention)', async ({
  page,
}) => {
  // The demo fan follows people and anchors; the anchors are not in this list, so not in its count.
  await logIn(page, FAN);
  await page.goto('/v/concern');
  const tab = page.getByRole('link', { name: /^我关注的 \d+$/ });
  const shown = Number((await tab.textContent())!.replace(/\D/g, ''));
  await expect(page.locator('[data-people] li')).toHaveCount(shown);
  await page.goto('/v/concern?tab=fans');
  const fans = Number(
    (await page.getByRole('link', { name: /^关注我的 \d+$/ }).textContent())!.replace(/\D/g, ''),
  );
  await expect(page.locator('[data-people] li')).toHaveCount(fans);
});

test('客服: a user writes to 客服 and the operator’s answer from /ops/service arrives live', async ({
  page: user,
  browser,
}, info) => {
  test.setTimeout(60_000);
  const staffContext = await browser.newContext({ baseURL: info.project.use.baseURL });
  const staff = await staffContext.newPage();
  await logIn(staff, OPERATOR);
  await logIn(user, EXPERT);
  await user.goto('/message/chat?service=1');
  await ready(user);
  const question = `提现什么时候到账？${Date.now() % 100000}`;
  await user.getByLabel('消息内容').fill(question);
  await user.getByRole('button', { name: '发送', exact: true }).click();
  await expect(user.locator('[data-message]', { hasText: question })).toBeVisible();

  await staff.goto('/ops/service');
  await staff.locator('nav[aria-label="客服会话"] a', { hasText: question }).click();
  const thread = staff.getByRole('region', { name: '会话内容' });
  await expect(thread.getByText(question)).toBeVisible();
  const answer = `一般两小时内到账 ${Date.now() % 100000}`;
  await staff.getByLabel('回复内容').fill(answer);
  await staff.getByRole('button', { name: '以客服身份回复' }).click();
  await expect(thread.getByText(answer)).toBeVisible();

  await expect(user.locator('[data-message]', { hasText: answer })).toBeVisible({ timeout: 10_000 });
  await staffContext.close();
});
