import { expect, test, type APIRequestContext, type WebSocketRoute } from '@playwright/test';
import { logIn, tokenOf } from './support/login.ts';

/** Watches the room of 体育早餐 (13800000107); three other demo anchors talk in it. */
const VIEWER = '13800000106';
const SPEAKERS = ['13800000101', '13800000102', '13800000103'];

async function roomOf(request: APIRequestContext, nickName: string): Promise<number> {
  const { data } = await (
    await request.get(`/svc/api/room/page?word=${encodeURIComponent(nickName)}`)
  ).json();
  return data.list[0].id;
}

/**
 * Issue 41: a socket dropped mid-chat (a network blip, a killed instance, a deploy) used to come back
 * without the lines sent while it was away. The page must resume from the last message it saw and
 * show every line exactly once.
 */
test('a live room shows every chat line exactly once across a dropped socket', async ({ page, request }) => {
  test.setTimeout(60_000);
  const roomId = await roomOf(request, '体育早餐');
  const speakers = await Promise.all(SPEAKERS.map((m) => tokenOf(request, m)));
  const run = Date.now().toString(36);
  const line = (n: number) => `续传${run}第${n}条`;
  let said = 0;
  /** Lines n… through the HTTP API, each speaker in turn (5 a speaker per 10 s is the limit). */
  async function say(count: number) {
    for (let i = 0; i < count; i++) {
      const n = ++said;
      const res = await request.post('/svc/api/chat/msg', {
        headers: { accessToken: speakers[n % speakers.length] },
        data: { roomId, content: line(n), platform: 1 },
      });
      expect((await res.json()).code).toBe(200);
    }
  }

  // The page's socket, passed through as it is, until the test drops it.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\b/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  // The page's own clock, so that its 5 s reconnection delay can be skipped.
  await page.clock.install();
  await logIn(page, VIEWER);
  await page.goto(`/live/room/${roomId}`);
  const chat = page.locator('[data-chat-list]');
  const shown = (n: number) => chat.locator('[data-chat-id]', { hasText: line(n) });

  await expect.poll(() => sockets.length).toBe(1);
  await say(3);
  for (let n = 1; n <= 3; n++) await expect(shown(n)).toHaveCount(1);

  // Dropped: the lines said meanwhile reach no socket.
  await sockets[0].close({ code: 4321, reason: 'test drop' });
  await say(3);
  await page.clock.fastForward(6_000);
  await expect.poll(() => sockets.length).toBe(2);
  await say(3);

  for (let n = 1; n <= said; n++) await expect(shown(n)).toHaveCount(1);
  // In the order they were said.
  const order = await chat
    .locator('[data-chat-id]')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  const ours = order.map((text) => text.match(new RegExp(`续传${run}第(\\d+)条`))?.[1]).filter(Boolean);
  expect(ours).toEqual(Array.from({ length: said }, (_, i) => String(i + 1)));
});
