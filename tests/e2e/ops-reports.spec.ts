import { expect, test } from '@playwright/test';
import { logIn, tokenOf } from './support/login.ts';

test.describe('staff console: the report queue', () => {
  test.skip(() => test.info().project.name !== 'desktop', 'the console is built for desktop widths');

  test('an operator handles a chat message report from the one queue (mutes the sender) and the reporter sees the outcome', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // 13800000032 says something rude in a live room; 球迷小王 reports it.
    const rooms = await (await request.get('/svc/api/room/page?roomType=0&page=1&pageSize=5')).json();
    const roomId = rooms.data.list[0].roomId as number;
    const senderToken = await tokenOf(request, '13800000032');
    const text = `裁判收钱了吧，你们这些托 ${Date.now() % 10_000}`;
    const sent = await (
      await request.post('/svc/api/chat/msg', {
        headers: { accessToken: senderToken },
        form: { roomId: String(roomId), content: text, platform: '1' },
      })
    ).json();
    expect(sent.code, sent.msg).toBe(200);
    const history = await (
      await request.post('/svc/api/chat/page', { form: { roomId: String(roomId), pageSize: '20' } })
    ).json();
    const messageId = history.data.list.find((m: { content: string }) => m.content === text).id as number;
    const reporterToken = await tokenOf(request, '13800000001');
    const reported = await (
      await request.post('/svc/api/report/message', {
        headers: { accessToken: reporterToken },
        form: { messageId: String(messageId), reason: '辱骂引战' },
      })
    ).json();
    expect(reported.code, reported.msg).toBe(200);

    await logIn(page, '13800000009');
    await page.goto('/ops/reports?source=chat');
    const row = page.locator(`tr[data-report-case="chat:${messageId}"]`);
    await expect(row).toContainText(text);
    await expect(row).toContainText('辱骂引战');
    await row.getByRole('link', { name: '处理' }).click();

    await expect(page.getByRole('region', { name: '被举报内容' })).toContainText(text);
    await expect(page.getByRole('region', { name: '上下文' }).locator('[aria-current="true"]')).toContainText(
      text,
    );
    await expect(page.getByRole('region', { name: '举报记录' })).toContainText('球迷小王');
    const form = page.getByRole('region', { name: '处理' });
    await form.getByRole('radio', { name: '禁言' }).check();
    await form.getByRole('combobox', { name: '时长' }).selectOption({ label: '1 小时' });
    await form.getByRole('textbox', { name: /处理说明/ }).fill('辱骂其他球友');
    await form.getByRole('button', { name: '提交处理' }).click();
    await expect(page).toHaveURL(/\/ops\/reports$/, { timeout: 30_000 });
    await expect(page.locator(`tr[data-report-case="chat:${messageId}"]`)).toHaveCount(0);

    // The sender is muted: the next message is refused.
    const again = await (
      await request.post('/svc/api/chat/msg', {
        headers: { accessToken: senderToken },
        form: { roomId: String(roomId), content: '我还要说', platform: '1' },
      })
    ).json();
    expect(again.code).not.toBe(200);
    expect(again.msg).toContain('您已被禁言');

    await page.context().clearCookies();
    await logIn(page, '13800000001');
    await page.goto('/v/message');
    const notice = page.locator('[data-notice-list] li', { hasText: '举报处理结果' }).first();
    await expect(notice).toContainText('您举报的聊天消息经核实违规，已对其发布者禁言1小时');
  });
});
