import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn } from './support/login.ts';

/**
 * A live room on a bad line (issue 37, docs/live-rooms.md §3 "Choosing the line"): a slow or
 * data-saving connection starts on the lowest line, 只听声音 hides the picture, 仅聊天 fetches no media
 * at all, and the choice is kept on the device. The demo room plays the bundled stream: one line, a
 * master playlist of 540p and 360p, played by Chromium's own HLS.
 */

/** 看球的老陈, a tips expert no other spec logs in: chats in 仅聊天. */
const CHATTER = '13800000033';
const MEDIA = /\/media\/|\.m3u8(\?|$)|\.ts(\?|$)/;

async function demoRoomId(request: APIRequestContext): Promise<number> {
  const { data } = await (await request.get('/svc/api/room/page?word=主播阿杰')).json();
  return data.list[0].id;
}

/** Every media file the page asks for (playlists and fragments of either rendition). */
function mediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (MEDIA.test(new URL(r.url()).pathname)) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

const playing = (page: Page) =>
  expect
    .poll(() => page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.5);

/** As Chromium on a 3G connection (navigator.connection, the Network Information API). */
const on3g = (page: Page) =>
  page.addInitScript(() => {
    const connection = {
      saveData: false,
      effectiveType: '3g',
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => connection, configurable: true });
  });

test.describe('the live room on a bad line', () => {
  test('a slow connection starts on the lowest rendition; 只听声音 hides the picture and is kept', async ({
    page,
    request,
    isMobile,
  }) => {
    test.skip(isMobile, 'the player code is the same at every width: desktop only');
    await on3g(page);
    const media = mediaRequests(page);
    const roomId = await demoRoomId(request);
    await page.goto(`/live/room/${roomId}`);
    await expect(page.locator('[data-line-mode="video"]')).toBeVisible();
    await playing(page);
    expect(media.filter((p) => p.includes('/360p/')).length).toBeGreaterThan(0);
    expect(media.filter((p) => p.includes('/540p/'))).toEqual([]);
    await expect(page.getByRole('combobox', { name: '清晰度' })).toHaveValue('0');
    await expect(page.getByRole('combobox', { name: '清晰度' }).locator('option:checked')).toHaveText('360P');

    // 只听声音: no audio line on the demo, so the lowest rendition plays with its picture hidden.
    await page.getByRole('combobox', { name: '线路' }).selectOption({ label: '只听声音' });
    await expect(page.locator('[data-line-mode="audio"]')).toContainText('只听声音');
    await expect(page.locator('[data-player] video')).toBeHidden();
    await playing(page);
    expect(media.filter((p) => p.includes('/540p/'))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('qyq:room-line'))).toBe('audio');

    await page.reload();
    await expect(page.locator('[data-line-mode="audio"]')).toBeVisible();
    await expect(page.getByRole('combobox', { name: '线路' })).toHaveValue('audio');
  });

  test('Save-Data: on, seen by the server, puts the room on its lowest rendition', async ({
    page,
    request,
    isMobile,
  }) => {
    test.skip(isMobile, 'the player code is the same at every width: desktop only');
    // The header alone (navigator.connection says nothing): the page is the same cached copy for
    // everyone, so the room's welcome call reports it.
    await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const welcome = page.waitForResponse((r) => r.url().endsWith('/svc/api/chat/welcome'));
    await page.goto(`/live/room/${await demoRoomId(request)}`);
    expect((await (await welcome).json()).data.saveData).toBe(true);
    await expect(page.getByRole('combobox', { name: '清晰度' }).locator('option:checked')).toHaveText('360P');
    const media = mediaRequests(page);
    await playing(page);
    await expect.poll(() => media.filter((p) => p.includes('/360p/')).length).toBeGreaterThan(0);
    expect(media.filter((p) => p.includes('/540p/'))).toEqual([]);
  });

  test('仅聊天 fetches no media, keeps the chat, and is remembered after a reload', async ({
    page,
    request,
  }) => {
    const roomId = await demoRoomId(request);
    await logIn(page, CHATTER);
    await page.goto(`/live/room/${roomId}`);
    await expect(page.locator('[data-line-mode="video"]')).toBeVisible();
    await page.getByRole('combobox', { name: '线路' }).selectOption({ label: '仅聊天' });
    await expect(page.locator('[data-line-mode="chat"]')).toContainText('仅聊天');
    await expect(page.locator('[data-player]')).toHaveCount(0);

    // From a fresh load: what the room costs in 仅聊天 (DevTools protocol bytes, sockets aside).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
    const media = mediaRequests(page);
    await page.reload();
    await expect(page.locator('[data-line-mode="chat"]')).toBeVisible();
    await expect(page.getByRole('combobox', { name: '线路' })).toHaveValue('chat');
    await expect(page.locator('video')).toHaveCount(0);

    const line = `只聊天不看球 ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByRole('textbox', { name: '聊天内容' }).fill(line);
    await page.getByRole('button', { name: '发送', exact: true }).click();
    await expect(page.locator('[data-chat-list]')).toContainText(line);
    await page.waitForLoadState('networkidle');
    expect(media).toEqual([]);
    test.info().annotations.push({ type: 'bytes on the wire', description: `仅聊天 load: ${bytes}` });
    expect(bytes).toBeLessThan(150 * 1024);
    await cdp.detach();

    // Back to the picture from the same menu.
    await page.getByRole('combobox', { name: '线路' }).selectOption({ label: '演示线路' });
    await playing(page);
    expect(await page.evaluate(() => localStorage.getItem('qyq:room-line'))).toBe('video:演示线路');
  });
});
