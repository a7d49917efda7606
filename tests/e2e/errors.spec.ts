import { expect, test } from '@playwright/test';
import { logIn, tokenOf } from './support/login.ts';

test.describe('service errors on pages', () => {
  test('an unknown or impossible room is the 404 page; so are /about/%00 and an out-of-range id', async ({
    page,
  }) => {
    for (const path of [
      '/live/room/99999',
      '/live/room/99999999999',
      '/about/%00',
      '/personal/99999999999',
      '/playback/video/4294967296',
    ]) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
      await expect(page.getByRole('link', { name: /返回首页/ }).first(), path).toBeVisible();
    }
  });

  test('an order that is not there: the result page says so, the cashier is 404', async ({ page }) => {
    await page.goto('/');
    await logIn(page, '13800000001');
    const result = await page.goto('/v/pay?orderNo=NOPE123');
    expect(result!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: '订单不存在' })).toBeVisible();
    const cashier = await page.goto('/pay/sandbox/NOPE123');
    expect(cashier!.status()).toBe(404);
  });

  test('a blocked room shows its reason with its status', async ({ page, request }) => {
    // The least-watched room that other tests do not use (主播阿杰's is theirs).
    const rooms = (await (await request.get('/svc/api/room/page?page=1&pageSize=30')).json()).data.list as {
      id?: number;
      roomId?: number;
      nickName: string;
    }[];
    const room = rooms.filter((r) => r.nickName !== '主播阿杰').at(-1)!;
    const roomId = room.roomId ?? room.id;
    const operator = await tokenOf(request, '13800000009');
    const block = await request.post('/svc/api/room/audit', {
      form: { roomId: String(roomId), approved: '0', reason: '违规内容（端到端测试）' },
      headers: { accessToken: operator },
    });
    expect((await block.json()).code).toBe(200);
    try {
      const res = await page.goto(`/live/room/${roomId}`);
      expect(res!.status()).toBe(403);
      await expect(page.getByText('该直播间已被封禁')).toBeVisible();
    } finally {
      await request.post('/svc/api/room/audit', {
        form: { roomId: String(roomId), approved: '1' },
        headers: { accessToken: operator },
      });
    }
  });
});
