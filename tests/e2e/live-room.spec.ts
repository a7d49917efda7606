import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { holdAccounts, VISITOR_ONLY } from './support/hold-account.ts';

const FAN = { mobile: '13800000001', nickName: '球迷小王' };
const ANCHOR = { mobile: '13800000002', nickName: '主播阿杰' };
/** Lv6 with 球钻: sends the red packet. */
const SENDER = '13800000003';

// Checks exact changes to these shared accounts; another spec must not change them meanwhile.
holdAccounts(FAN.mobile, ANCHOR.mobile, SENDER);

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

/** On an upright phone the gifts and room actions are in a bottom sheet that 礼物与互动 opens. */
async function openTools(page: Page) {
  const toggle = page.getByRole('button', { name: '礼物与互动' });
  if (await toggle.isVisible()) await toggle.click();
  else await page.locator('#room-tools').scrollIntoViewIfNeeded();
  await expect(page.locator('#room-tools')).toBeInViewport();
}

/** Closes the phone's sheet (its backdrop takes the taps meant for the chat). */
async function closeTools(page: Page) {
  const close = page.locator('#room-tools').getByRole('button', { name: '收起' });
  if (await close.isVisible()) await close.click();
  await expect(page.locator('.room-sheet-backdrop')).toHaveCount(0);
}

/** The room's island has hydrated (Astro drops `ssr` from it then). */
const hydrated = (page: Page) =>
  expect(page.locator('astro-island[component-url*="LiveRoom"]')).not.toHaveAttribute('ssr');

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
    await openTools(viewer);
    await viewer.getByRole('button', { name: /荧光棒/ }).click();
    await viewer.getByRole('button', { name: '赠送' }).click();
    for (const page of [viewer, anchor]) {
      await expect(page.locator('[data-gift-effect="荧光棒"]').first()).toContainText(FAN.nickName, {
        timeout: 10_000,
      });
    }
    await expect(balance).toHaveText((before - 1).toLocaleString('en-US'));
    await closeTools(viewer);

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

test('a fan with a login sees the tools disabled until the room knows who they are, never a login prompt', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const roomId = await demoRoomId(request);
  await logIn(context, request, baseURL!, FAN.mobile);
  // The welcome call says who is watching: held back, the room does not know yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/svc/api/chat/welcome', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/live/room/${roomId}`);
  await hydrated(page);
  await openTools(page);
  const packet = page.locator('#room-tools').getByRole('button', { name: '发红包', exact: true });
  await expect(packet).toBeDisabled();
  await expect(page.getByRole('button', { name: '登录后发红包、开通贵族' })).toHaveCount(0);
  release();
  await expect(packet).toBeEnabled();
});

test('a welcome call that fails is asked again: the fan’s tools come with the answer, no reload', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const roomId = await demoRoomId(request);
  await logIn(context, request, baseURL!, FAN.mobile);
  let calls = 0;
  await page.route('**/svc/api/chat/welcome', async (route) => {
    calls++;
    if (calls === 1) await route.fulfill({ status: 503, body: 'busy' });
    else await route.continue();
  });
  await page.goto(`/live/room/${roomId}`);
  await hydrated(page);
  await openTools(page);
  const packet = page.locator('#room-tools').getByRole('button', { name: '发红包', exact: true });
  await expect(packet).toBeEnabled();
  expect(calls).toBe(2);
});

test('the room loads its gifts, red packets, nobility, horn, emoji and name menu only when used (issue 39)', async ({
  page,
  request,
  isMobile,
}) => {
  const roomId = await demoRoomId(request);
  const LAZY =
    /\/_astro\/(GiftPanel|RedPackets|NobilityDialog|HornDialog|EmojiPicker|UserMenu|RankPanel|hls\.light)\.[^/]+\.js$/;
  const loaded: string[] = [];
  // React streams a large Suspense boundary out of order with an inline script the CSP refuses.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Content Security Policy')) refused.push(m.text());
  });
  page.on('request', (r) => {
    const m = LAZY.exec(r.url());
    if (m) loaded.push(m[1]);
  });
  await page.goto(`/live/room/${roomId}`);
  await hydrated(page);
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  const native = await page.evaluate(
    () => document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '',
  );
  // hls.js only where the browser has no HLS of its own (and then once the player is in view).
  expect(loaded).toEqual(native ? [] : ['hls.light']);
  expect(refused).toEqual([]);
  loaded.length = 0;

  // On a phone the closed sheet's gift icons are not rendered, so Chromium holds back their lazy fetch until the
  // sheet first opens; beside the chat they show at once. (Not read from naturalWidth before opening: a gift
  // another test sends shows the same icon in the chat, and the strip's image then comes from the cache.)
  const icon = page.locator('#room-tools img').first();
  const iconWidth = () => icon.evaluate((i: HTMLImageElement) => i.naturalWidth);
  const rendered = await page
    .locator('#room-tools img')
    .evaluateAll((all) => all.filter((i) => getComputedStyle(i).display !== 'none').length);
  expect(rendered).toBe(isMobile ? 0 : await page.locator('#room-tools img').count());
  await openTools(page);
  expect(loaded).toEqual([]);
  await expect.poll(iconWidth).toBeGreaterThan(0);
  await page.getByRole('button', { name: /荧光棒/ }).click();
  await expect(page.locator('[data-gift-panel]')).toBeVisible();
  await expect(page.locator('[data-gift-panel]').getByRole('button', { name: '登录后赠送' })).toBeVisible();
  expect(loaded).toEqual(['GiftPanel']);

  // The 贡献榜 tab brings its panel's code then, and not before.
  await closeTools(page);
  await page.getByRole('tab', { name: '贡献榜' }).click();
  await expect.poll(() => loaded).toEqual(['GiftPanel', 'RankPanel']);
});

test(
  'a browser without its own HLS plays the room through hls.js',
  VISITOR_ONLY,
  async ({ page, request, isMobile }) => {
    // Which player code plays the stream does not depend on the width: the phone's layout of the
    // room has tests of its own.
    test.skip(isMobile, 'the player code is the same at every width: desktop only');
    // As Firefox: no native HLS, so the player fetches hls.js (the player is in view at once here).
    await page.addInitScript(() => {
      const own = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : own.call(this, type);
      };
    });
    const hls = page.waitForRequest(/\/_astro\/hls\.light\.[^/]+\.js$/);
    await page.goto(`/live/room/${await demoRoomId(request)}`);
    await hls;
    await expect
      .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    await expect(page.locator('video')).toHaveAttribute('src', /^blob:/);
  },
);

test('a red packet is grabbed from its chat line: 抢红包 and its dialog are on screen, not behind the player', async ({
  page,
  request,
  baseURL,
}) => {
  const roomId = await demoRoomId(request);
  const senderCtx = await page.context().browser()!.newContext();
  const senderToken = await logIn(senderCtx, request, baseURL!, SENDER);
  await senderCtx.close();
  await logIn(page.context(), request, baseURL!, FAN.mobile);
  await page.goto(`/live/room/${roomId}`);
  await hydrated(page);
  const sent = await (
    await request.post('/svc/api/redPacket/send', {
      headers: { accessToken: senderToken },
      data: { roomId, total: 4, count: 2, mode: 2, requestId: `e2e-packet-${Date.now()}` },
    })
  ).json();
  expect(sent.code).toBe(200);

  // This packet's line: the page's chat also catches up with lines sent before it (earlier packets'
  // among them), so counting buttons at load does not say which is new.
  const grab = page.locator(`[data-packet-id="${sent.data.id}"]`).getByRole('button', { name: '抢红包' });
  await expect(grab).toBeInViewport({ timeout: 10_000 });
  const box = (await grab.boundingBox())!;
  if (page.viewportSize()!.width < 768) {
    // On a phone: a 44 px target (issue 33 item 6), in the chat under the player, not behind it.
    expect(box.height).toBeGreaterThanOrEqual(44);
    const player = (await page.locator('[data-player]').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(player.y + player.height);
  }
  await grab.click();
  const dialog = page.getByRole('dialog', { name: '红包' });
  await expect(dialog).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: '开' }).click();
  await expect(dialog).toContainText('抢到 2 球钻！');
});
