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

test('the footer shows only contact channels the site set (none made up here) and the feedback page', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.locator('footer.site-footer');
  await expect(footer).not.toContainText('service@');
  await expect(footer).not.toContainText('客服QQ');
  await expect(footer.getByRole('heading', { name: '联系我们' })).toHaveCount(0);
  await expect(footer.getByRole('link', { name: '意见反馈' })).toHaveAttribute('href', '/about/10006');
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
