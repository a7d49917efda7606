import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startMediaServer, type RunningMediaServer } from '../../scripts/media/server.ts';
import { footballSaturday } from './support/football-evening.ts';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The real media path (docs/streaming.md): a server of its own wired to the media server of
 * `npm run media` (Debian's nginx + RTMP module) on free ports. The anchor pushes a generated test
 * pattern with ffmpeg; a fan's room goes live, plays the real stream and goes offline; the
 * broadcast becomes a replay with the linked match's markers. The simulator runs 240×, so a
 * push of under half a minute spans a match's half time.
 */
const ANCHOR = '13800000002';
const FAN = '13800000001';
let server: RunningServer | null = null;
let media: RunningMediaServer | null = null;
let push: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** ffmpeg's test pattern and tone, H.264 (yuv420p, a keyframe every 2 s) + AAC, as OBS would send. */
const pushArgs = (url: string) => [
  ...['-nostdin', '-loglevel', 'error', '-re'],
  ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '50'],
  ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
];

test.beforeAll(async ({}, info) => {
  if (info.project.name !== 'desktop') return;
  info.setTimeout(600_000); // the first start migrates and imports the demo data; a busy machine is slow
  const [rtmpPort, httpPort] = [await freePort(), await freePort()];
  const hookKey = randomBytes(16).toString('hex');
  server = await startServer({
    SIM_SPEED: '240',
    SIM_START: footballSaturday('21:00'),
    MEDIA_SERVER: `http://127.0.0.1:${httpPort}`,
    MEDIA_PUSH_BASE: `rtmp://127.0.0.1:${rtmpPort}/live`,
    MEDIA_HOOK_KEY: hookKey,
  });
  media = await startMediaServer({
    dir: join(server.dataDir, 'media'),
    rtmpPort,
    httpPort,
    appUrl: server.url,
    hookKey,
    lowLine: false,
    host: '127.0.0.1',
  });
});
test.afterAll(async () => {
  push?.kill('SIGKILL');
  await media?.stop();
  await server?.stop();
});

/** A session token from this spec's own server (the shared login helper talks to the global one). */
async function tokenOf(page: Page, mobile: string): Promise<string> {
  const base = server!.url;
  const key = (await (await page.request.get(`${base}/svc/user/key/getDynamicKey`)).json()).data;
  const form = {
    ...{ mobile, mode: '0', auto: '1', channelId: '3', platform: '1', loginType: '1' },
    ...{ key: key.key, iv: key.iv, password: encryptPassword('demo123456', key.key, key.iv) },
  };
  return (await (await page.request.post(`${base}/svc/user/login`, { form })).json()).data.token;
}

async function asFan(page: Page) {
  const token = await tokenOf(page, FAN);
  await page.context().addCookies([{ name: 'token', value: token, url: server!.url }]);
}

test('a push goes live, plays, goes offline and becomes a replay with match markers', async ({
  page,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one media server is enough');
  test.setTimeout(240_000);
  const base = server!.url;
  const anchor = { accessToken: await tokenOf(page, ANCHOR) };
  const svc = async (path: string, init: { form?: Record<string, string | number> } = {}) => {
    const res = init.form
      ? await page.request.post(`${base}/svc${path}`, { headers: anchor, form: init.form })
      : await page.request.get(`${base}/svc${path}`, { headers: anchor });
    const body = await res.json();
    expect(body.code, `${path}: ${body.msg}`).toBe(200);
    return body.data;
  };

  const settings = await svc('/api/room/settings');
  const roomId: number = settings.room.id;
  if (settings.room.liveState === 1) await svc(`/api/room/down?roomId=${roomId}`);
  const pushUrl = `${settings.push.server}/${settings.push.streamKey}`;

  // A wrong key is refused: nginx drops the push and ffmpeg gives up by itself.
  const wrong = spawnSync('ffmpeg', pushArgs(pushUrl.replace(/.{6}$/, '000000')), { timeout: 20_000 });
  expect(wrong.status).not.toBe(0);
  expect(wrong.signal).toBeNull();

  // The room is linked to a match that has just kicked off and the push lasts until its second half
  // starts (about 16 s at 240×), so the replay always has the 下半场 marker; goals and cards are a bonus.
  const football = async () => (await svc('/live/football/live')) as { id: number; state: number }[];
  const [NOT_STARTED, FIRST_HALF, HALF_TIME] = [1, 2, 3];
  let matchId = 0;
  let waiting = new Set<number>();
  await expect
    .poll(
      async () => {
        const all = await football();
        matchId = all.find((m) => m.state === FIRST_HALF && waiting.has(m.id))?.id ?? 0;
        waiting = new Set(all.filter((m) => m.state === NOT_STARTED).map((m) => m.id));
        return matchId;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
  await svc('/api/room/update', { form: { matchId } });

  await asFan(page);
  await page.goto(`${base}/live/room/${roomId}`);
  await expect(page.locator('[data-offline]')).toBeVisible();

  push = spawn('ffmpeg', pushArgs(pushUrl), { stdio: 'ignore' });
  const pushedAt = Date.now();
  const playlist = page.waitForRequest(
    (r) => r.url().includes('/hls/') && r.url().includes('.m3u8?auth_key='),
  );
  await expect(page.locator('[data-player] video')).toBeVisible({ timeout: 10_000 });
  await playlist;
  // The real stream plays: time advances, and the delay is measured from its time-named fragments.
  await expect
    .poll(() => page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(2);
  await expect(page.locator('[data-stream-delay]')).toHaveText(/^延迟 约\d+秒$/, { timeout: 10_000 });
  const beforeSecondHalf = async () => {
    const state = (await football()).find((m) => m.id === matchId)?.state;
    return state === FIRST_HALF || state === HALF_TIME;
  };
  await expect.poll(beforeSecondHalf, { timeout: 30_000 }).toBe(false);
  // Some seconds of the second half on the recording (the replay ends where the recording does),
  // and at least 15 s of stream, so the replay is longer than its 10 s live window.
  await page.waitForTimeout(Math.max(6_000, pushedAt + 15_000 - Date.now()));

  push.kill('SIGINT');
  push = null;
  await expect(page.locator('[data-offline]')).toBeVisible({ timeout: 10_000 });

  // After the 30 s resume window the recording is remuxed and listed (within a minute).
  let replayId = 0;
  await expect
    .poll(
      async () => {
        const list = await svc('/api/back/pageByRoom', { form: { roomId } });
        const made = list.list.find((r: { cover: string | null }) => r.cover?.endsWith('/poster.jpg'));
        replayId = made?.id ?? 0;
        return replayId > 0;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true);
  await page.goto(`${base}/playback/${roomId}`);
  await expect(page.locator(`a[href="/playback/video/${replayId}"]`).first()).toBeVisible();

  await page.goto(`${base}/playback/video/${replayId}`);
  const video = page.locator('[data-player] video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 })
    .toBeGreaterThan(10);
  const marker = page.locator('[data-marker="period"]', { hasText: '下半场' });
  await expect(marker).toBeVisible();
  const t = Number(await marker.getAttribute('data-t'));
  await marker.click();
  expect(t).toBeGreaterThan(0);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(t - 1);
});
