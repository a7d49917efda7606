import { expect, test, type APIRequestContext } from '@playwright/test';
import { logIn, tokenOf } from './support/login.ts';
import { holdAccounts } from './support/hold-account.ts';

const ANCHOR = '13800000002';
const FAN = '13800000001';

// Checks exact changes to these shared accounts; another spec must not change them meanwhile.
holdAccounts(FAN, ANCHOR);

const data = async (res: Promise<{ json(): Promise<{ data: any }> }>) => (await (await res).json()).data;

/** The anchor cuts a new paid clip from one of his replays (the bundled demo stream) and waits until it is 可观看. */
async function cutPaidClip(request: APIRequestContext, price: number) {
  const headers = { accessToken: await tokenOf(request, ANCHOR) };
  const replays = await data(request.get('/svc/inform/movie/replays', { headers }));
  const replay = replays.find((r: { seconds: number | null }) => r.seconds);
  expect(replay, 'the demo anchor has a replay to cut').toBeTruthy();
  const title = `E2E测试信号片段${Date.now().toString().slice(-6)}`;
  const cut = await (
    await request.post('/svc/inform/movie/cut', {
      headers,
      form: { sessionId: replay.id, start: '0:02', end: '0:14', title, price: String(price) },
    })
  ).json();
  expect(cut.code, cut.msg).toBe(200);
  expect(cut.data.state).toBe('processing');
  await expect
    .poll(
      async () => (await data(request.get(`/svc/inform/movie/detail/${cut.data.id}`, { headers }))).state,
      {
        timeout: 30_000,
      },
    )
    .toBe('ready');
  return { id: cut.data.id as number, title };
}

test.describe('有料', () => {
  test.skip(() => test.info().project.name !== 'desktop', 'one buyer is enough: the money part runs once');
  test.describe.configure({ timeout: 120_000 });

  test('the demo clips ship ready (no ffmpeg needed) and are listed by sport', async ({ page, request }) => {
    // Seeded ready at the first start (src/server/seed/youliao.ts).
    await expect
      .poll(async () => (await data(request.get('/svc/inform/movie/list'))).total, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(4);
    await page.goto('/youliao');
    await expect(page.getByRole('heading', { name: '有料', level: 1 })).toBeVisible();
    await expect(page.getByText('演示测试信号：绿茵场上移动的方块（前10秒）')).toBeVisible();
    await page.getByRole('navigation', { name: '有料分类' }).getByRole('link', { name: '篮球' }).click();
    await expect(page).toHaveURL(/sport=2/);
    await expect(page.getByText('篮球区回放里的演示测试信号（完整20秒）')).toBeVisible();
    await expect(page.getByText('演示测试信号：绿茵场上移动的方块（前10秒）')).toHaveCount(0);
  });

  test('a fan buys a highlight, watches it, and is charged once', async ({ page, request }) => {
    const price = 7;
    const clip = await cutPaidClip(request, price);
    const fanHeaders = { accessToken: await tokenOf(request, FAN) };
    const before = (await data(request.get('/svc/pay/balances', { headers: fanHeaders }))).balance;
    expect(before).toBeGreaterThanOrEqual(price);

    await logIn(page, FAN);
    await page.goto('/youliao');
    await page.locator(`[data-clip="${clip.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/youliao/${clip.id}$`));
    await expect(page.getByRole('heading', { name: clip.title })).toBeVisible();
    await expect(page.locator('[data-clip-locked]')).toBeVisible();
    // Before buying, the playlist is closed to this fan.
    const closed = await page.request.get(`/svc/inform/movie/media/${clip.id}/index.m3u8`);
    expect(closed.status()).toBe(403);

    await page.getByRole('button', { name: `购买（${price} 球钻）` }).click();
    await expect(page.locator('[data-clip-unlocked]')).toHaveText('已购买，可随时观看');
    const video = page.locator('[data-clip-player] video');
    await expect(video).toBeVisible();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);

    const after = (await data(request.get('/svc/pay/balances', { headers: fanHeaders }))).balance;
    expect(after).toBe(before - price);
    // Buying again (a retried request) answers with the same purchase and charges nothing.
    const again = await (
      await request.post('/svc/inform/movie/pay', { headers: fanHeaders, form: { movieId: String(clip.id) } })
    ).json();
    expect(again.data).toMatchObject({ already: true, balance: before - price });
    expect((await data(request.get('/svc/pay/balances', { headers: fanHeaders }))).balance).toBe(
      before - price,
    );

    await page.goto('/v/order');
    await expect(page.locator(`[data-clip-purchase="${clip.id}"]`)).toContainText(`${price} 球钻`);
  });
});
