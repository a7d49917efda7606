import { expect, test } from '@playwright/test';
import { logIn } from './support/login.ts';

/** Issue 21: targets, links and optional ids that must lead somewhere real. */
test('every seeded home banner opens a real page (200, no redirect) of the right kind', async ({
  request,
}) => {
  const { data } = await (await request.get('/svc/api/banner/list?channelId=3&platform=1')).json();
  const banners = data as { title: string; jumpType: number; targetId?: string; outerLink?: string }[];
  expect(banners.length).toBeGreaterThanOrEqual(5);
  for (const b of banners) {
    const href = b.jumpType === 1 ? `/${b.targetId}` : b.outerLink!;
    const res = await request.get(href, { maxRedirects: 0 });
    expect(res.status(), `${b.title} → ${href}`).toBe(200);
  }
  // /football/live/{id} and /basketball/live/{id} answer 404 for a match of the other sport.
  expect(banners.some((b) => b.targetId?.startsWith('football/live/'))).toBe(true);
});

test('/app shows a QR code only for published app links and says so plainly otherwise', async ({ page }) => {
  await page.goto('/app');
  await expect(page.locator('[data-app-notice]')).toContainText('暂未上架');
  await expect(page.locator('a[href*="/app#"]')).toHaveCount(0);
  await expect(page.locator('li#h5 svg')).toBeVisible();
  await expect(page.locator('li#android')).toHaveCount(0);
});

test('the footer has the 联系我们 block /about/10006 points to: the site channels, none made up', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.locator('footer.site-footer');
  await expect(footer).not.toContainText('service@');
  await expect(footer).not.toContainText('客服QQ');
  const contact = footer.locator('[data-footer-contact]');
  await expect(contact.getByRole('heading', { name: '联系我们' })).toBeVisible();
  await expect(contact.getByRole('link', { name: '意见反馈' })).toHaveAttribute('href', '/about/10006');
  await expect(contact.getByRole('link', { name: '举报直播间' })).toHaveAttribute('href', '/live/report');
  // 查看活动 opens the recruitment plan itself, not the agreement signed at its end.
  await expect(page.locator('.float-nav a', { hasText: '查看活动' })).toHaveAttribute(
    'href',
    '/about/live/2',
  );
});

test('optional ids: /live/room lists the rooms; /personal is my own space, home for visitors', async ({
  page,
}) => {
  await page.goto('/live/room');
  await expect(page).toHaveURL(/\/live\/all$/);
  await expect(page.getByRole('heading', { name: '全部直播' })).toBeVisible();
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, '13800000001');
  await page.goto('/personal');
  await expect(page).toHaveURL(/\/personal\/\d+\?headerNavIndex=0$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('球迷小王');
});

test('the anchor tool pages under /v need a login; /v/anchor itself does not redirect', async ({ page }) => {
  for (const path of [
    '/v/anchor-set',
    '/v/anchor-zone',
    '/v/anchor-room-set',
    '/v/anchor-chat',
    '/v/anchor-add',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test('the seeded advert places render where their names say: the home side, the news list top and the live room side', async ({
  page,
}) => {
  await page.goto('/');
  const homeSide = page.locator('[data-ad-place="home_side"] a');
  await expect(homeSide).toHaveCount(2);
  await expect(homeSide.first()).toHaveAttribute('href', '/app');
  await expect(homeSide.first()).toContainText('推广');
  await page.goto('/news');
  await expect(page.locator('[data-ad-place="news_top"] a')).toHaveAttribute('href', '/guide');
  await page.goto('/live/all');
  const room = await page.locator('a[href^="/live/room/"]').first().getAttribute('href');
  await page.goto(room!);
  await expect(page.locator('[data-ad-place="live_side"] a')).toHaveAttribute('href', '/about/live/4');
});
