import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { holdAccounts } from './support/hold-account.ts';

const FAN = { mobile: '13800000001', nickName: '球迷小王' };
const ANCHOR = { mobile: '13800000002', nickName: '主播阿杰' };

// Checks exact changes to these shared accounts; another spec must not change them meanwhile.
holdAccounts(FAN.mobile, ANCHOR.mobile);

/** Logs a demo account in through the API (the login modal has its own tests) and gives the context its cookie. */
async function logIn(
  context: BrowserContext,
  request: APIRequestContext,
  baseURL: string,
  mobile: string,
): Promise<string> {
  const { data: key } = await (
    await request.get('/svc/user/key/getDynamicKey?channelId=3&platform=1')
  ).json();
  const form = {
    mobile,
    mode: '0',
    channelId: '3',
    platform: '1',
    loginType: '1',
    auto: '1',
    key: key.key,
    iv: key.iv,
    password: encryptPassword('demo123456', key.key, key.iv),
  };
  const { code, data } = await (await request.post('/svc/user/login', { form })).json();
  expect(code).toBe(200);
  await context.addCookies([{ name: 'token', value: data.token, url: baseURL }]);
  return data.token;
}

/** The demo room of 主播阿杰. */
async function demoRoomId(request: APIRequestContext): Promise<number> {
  const { data } = await (await request.get('/svc/api/room/page?word=主播阿杰')).json();
  return data.list[0].id;
}

/** Lifts any ban of the fan in the room (the anchor's call), so the test can run again. */
async function unbanFan(request: APIRequestContext, anchorToken: string, roomId: number) {
  const { data } = await (
    await request.get(`/svc/api/forbid/list?roomId=${roomId}&nickName=${encodeURIComponent(FAN.nickName)}`, {
      headers: { accessToken: anchorToken },
    })
  ).json();
  for (const f of data.list)
    await request.get(`/svc/api/forbid/remove?id=${f.id}`, { headers: { accessToken: anchorToken } });
}

const chatBox = (page: Page) => page.getByRole('textbox', { name: '聊天内容' });
const chatList = (page: Page) => page.locator('[data-chat-list]');

async function say(page: Page, text: string) {
  await chatBox(page).fill(text);
  await page.getByRole('button', { name: '发送', exact: true }).click();
}

test('a viewer watches, chats, sends a gift, and is banned by the anchor', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const viewerCtx = await browser.newContext();
  const anchorCtx = await browser.newContext();
  const anchorToken = await logIn(anchorCtx, request, baseURL!, ANCHOR.mobile);
  await logIn(viewerCtx, request, baseURL!, FAN.mobile);
  const roomId = await demoRoomId(request);
  await unbanFan(request, anchorToken, roomId);

  try {
    const viewer = await viewerCtx.newPage();
    const anchor = await anchorCtx.newPage();
    await viewer.goto(`/live/room/${roomId}`);
    await anchor.goto(`/live/room/${roomId}`);

    // The video plays: its clock moves on.
    await expect
      .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(1.5);

    // A chat message reaches the other browser.
    const text = `e2e 加油 ${Date.now() % 100_000}`;
    await say(viewer, text);
    await expect(chatList(anchor)).toContainText(text, { timeout: 10_000 });
    await expect(chatList(viewer)).toContainText(text);

    // A gift: both see the effect, the viewer's balance goes down by its price.
    const balance = viewer.locator('[data-room-balance]');
    await expect(balance).not.toHaveText('—');
    const before = Number((await balance.textContent())!.replace(/,/g, ''));
    await viewer.getByRole('button', { name: /荧光棒/ }).click();
    await viewer.getByRole('button', { name: '赠送' }).click();
    for (const page of [viewer, anchor]) {
      await expect(page.locator('[data-gift-effect="荧光棒"]').first()).toContainText(FAN.nickName, {
        timeout: 10_000,
      });
    }
    await expect(balance).toHaveText((before - 1).toLocaleString('en-US'));

    // The anchor bans the viewer from the chat; the viewer's next message is refused.
    await chatList(anchor)
      .locator('li', { hasText: text })
      .getByRole('button', { name: FAN.nickName })
      .click();
    await anchor
      .getByRole('dialog', { name: `${FAN.nickName} 的操作` })
      .getByRole('button', { name: '永久禁言' })
      .click();
    await expect(anchor.getByRole('dialog', { name: `${FAN.nickName} 的操作` })).toContainText(
      `已禁言 ${FAN.nickName}`,
    );
    const refused = `被禁言后 ${Date.now() % 100_000}`;
    await say(viewer, refused);
    await expect(viewer.locator('[data-chat-error]')).toHaveText('您已被禁言，暂时无法发言');
    await expect(chatList(anchor)).not.toContainText(refused);
  } finally {
    await unbanFan(request, anchorToken, roomId);
    await viewerCtx.close();
    await anchorCtx.close();
  }
});

test('a visitor sees the room, the chat history and is asked to log in to chat', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const roomId = await demoRoomId(request);
  // A line of the history, said by the fan before the visitor comes (the demo chat follows the room's match).
  const fanCtx = await browser.newContext();
  const token = await logIn(fanCtx, request, baseURL!, FAN.mobile);
  await fanCtx.close();
  const line = `开赛前来占座 ${Date.now() % 100_000}`;
  const sent = await request.post('/svc/api/chat/msg', {
    headers: { accessToken: token },
    data: { roomId, platform: 1, content: line },
  });
  expect((await sent.json()).code).toBe(200);
  await page.goto(`/live/room/${roomId}`);
  await expect(page).toHaveTitle(/主播阿杰的直播间/);
  await expect(chatList(page)).toContainText(line);
  await expect(page.getByRole('button', { name: '登录后参与聊天' })).toBeVisible();
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
});
