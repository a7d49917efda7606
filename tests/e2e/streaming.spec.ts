import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { FB } from '../../src/lib/vocab/match-states.ts';
import { encryptPassword } from '../../src/lib/password-crypto.ts';
import { startMedia, type RunningMedia } from './support/media-server.ts';
import { FAST_SIM_START, startServer, type RunningServer } from './support/server.ts';
import { simClock } from './support/sim-clock.ts';
import { freePort } from '../../scripts/cluster/ports.ts';

/**
 * The real media path (docs/streaming.md): a server of its own and `npm run media` (Debian's nginx
 * + RTMP module) beside it on free ports. The anchor pushes a generated test pattern with ffmpeg; a
 * fan's room goes live, plays the real stream and goes offline; the broadcast becomes a replay with
 * the linked match's markers. The simulator runs 120× (a simulated minute is half a second), so a
 * push of about half a minute spans the half time of a match linked in its first half. The spec
 * moves the feed's clock (SIM_CONTROL) to just before a match is 25 minutes in, instead of waiting
 * for the evening's kick-offs at 120× (up to a minute); from the push on the clock runs on its own.
 */
const SIM_SPEED = 120;
const ANCHOR = '13800000002';
const FAN = '13800000001';
let server: RunningServer | null = null;
let media: RunningMedia | null = null;
let push: ChildProcess | null = null;

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
  const mediaEnv = {
    MEDIA_SERVER: `http://127.0.0.1:${httpPort}`,
    MEDIA_PUSH_BASE: `rtmp://127.0.0.1:${rtmpPort}/live`,
    MEDIA_HOOK_KEY: randomBytes(16).toString('hex'),
    // The audio-only line (只听声音), made by the media server's own ffmpeg from every push.
    MEDIA_AUDIO_LINE: '1',
  };
  server = await startServer({
    SIM_SPEED: String(SIM_SPEED),
    SIM_START: FAST_SIM_START,
    SIM_CONTROL: '1',
    ...mediaEnv,
  });
  media = await startMedia({
    ...mediaEnv,
    DATA_DIR: server.dataDir,
    PORT: String(server.port),
    MEDIA_HOST: '127.0.0.1',
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
  test.setTimeout(360_000); // a busy two-core machine answers the first requests slowly
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
  const feedNow = async () => ((await svc('/live/clock')) as { now: number }).now;

  const settings = await svc('/api/room/settings');
  const roomId: number = settings.room.id;
  if (settings.room.liveState === 1) await svc(`/api/room/down?roomId=${roomId}`);
  const pushUrl = `${settings.push.server}/${settings.push.streamKey}`;

  // A wrong key is refused: nginx drops the push and ffmpeg gives up by itself.
  const wrong = spawnSync('ffmpeg', pushArgs(pushUrl.replace(/.{6}$/, '000000')), { timeout: 20_000 });
  expect(wrong.status).not.toBe(0);
  expect(wrong.signal).toBeNull();

  await asFan(page);
  await page.goto(`${base}/live/room/${roomId}`);
  await expect(page.locator('[data-offline]')).toBeVisible();

  // The anchor links a match 25–40 simulated minutes into its first half, then pushes: its second
  // half starts 20–45 simulated minutes later, 10–23 s into the push.
  type Listed = { id: number; state: number; kickoffAt: string };
  const FIRST_HALF_NEARLY_25 = 24 * 60_000;
  const toCome = ((await svc('/live/football/live')) as Listed[])
    .filter((m) => m.state === FB.notStarted || m.state === FB.firstHalf)
    .map((m) => Date.parse(m.kickoffAt) + FIRST_HALF_NEARLY_25);
  const now = await feedNow();
  // The nearest such moment not yet 15 minutes past (a match nearer 40 minutes in is left alone).
  const soonest = Math.min(...toCome.filter((at) => at > now - 15 * 60_000));
  if (Number.isFinite(soonest)) await simClock(base).advanceTo(soonest);
  let matchId = 0;
  await expect
    .poll(
      async () => {
        const [now, all] = [await feedNow(), (await svc('/live/football/live')) as Listed[]];
        const played = (m: Listed) => (now - Date.parse(m.kickoffAt)) / 60_000;
        const inWindow = (m: Listed) => played(m) >= 25 && played(m) <= 40;
        matchId = all.find((m) => m.state === FB.firstHalf && inWindow(m))?.id ?? 0;
        return matchId;
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBeGreaterThan(0);
  await svc('/api/room/update', { form: { matchId } });

  const clockBeforePush = await feedNow();
  push = spawn('ffmpeg', pushArgs(pushUrl), { stdio: 'ignore' });
  const pushedAt = Date.now();
  const playlist = page.waitForRequest(
    (r) => r.url().includes('/hls/') && r.url().includes('.m3u8?auth_key='),
  );
  await expect
    .poll(async () => (await svc('/api/room/settings')).room.liveState, { timeout: 10_000, intervals: [200] })
    .toBe(1);
  const clockWhenLive = await feedNow();
  await expect(page.locator('[data-player] video')).toBeVisible({ timeout: 10_000 });
  await playlist;
  // The real stream plays: time advances, and the delay is measured from its time-named fragments.
  await expect
    .poll(() => page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(2);
  await expect(page.locator('[data-stream-delay]')).toHaveText(/^延迟 约\d+秒$/, { timeout: 10_000 });
  const matchState = async () =>
    ((await svc('/live/football/live')) as Listed[]).find((m) => m.id === matchId)?.state;
  await expect
    .poll(async () => ([FB.firstHalf, FB.halfTime] as number[]).includes((await matchState()) ?? 0), {
      timeout: 30_000,
    })
    .toBe(false);
  // Some seconds of the second half on the recording (the replay ends where the recording does),
  // and at least 15 s of stream, so the replay is longer than its 10 s live window.
  await page.waitForTimeout(Math.max(4_000, pushedAt + 15_000 - Date.now()));

  push.kill('SIGINT');
  push = null;
  await expect(page.locator('[data-offline]')).toBeVisible({ timeout: 10_000 });

  // Where the second half starts on the recording: the commentary's 下半场比赛开始 on the feed's
  // clock, from the push's start (read just before the push and once the room was live).
  const texts = (await svc(`/live/match/${matchId}/texts?limit=200`)) as { period: number; at: string }[];
  const secondHalfAt = Math.min(...texts.filter((l) => l.period === 2).map((l) => Date.parse(l.at)));
  expect(secondHalfAt, 'the push went live before the second half began').toBeGreaterThan(clockWhenLive);
  const earliest = Math.floor((secondHalfAt - clockWhenLive) / 1000 / SIM_SPEED) - 1;
  const latest = Math.ceil((secondHalfAt - clockBeforePush) / 1000 / SIM_SPEED) + 1;

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
  expect(t).toBeGreaterThanOrEqual(earliest);
  expect(t).toBeLessThanOrEqual(latest);
  // Clicking it seeks there (from the start, where the replay is held).
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 0;
  });
  await marker.click();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(t - 0.5);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(t + 5);

  // The match timeline under the replay (issue 36 §3): a click on the second half's first minutes
  // plays the recording from there; the first half's last minutes from before it.
  const figure = page.getByRole('region', { name: '比赛时间轴' }).locator('figure[data-axis]');
  await expect(figure).toBeVisible();
  const [from, to] = (await figure.getAttribute('data-axis'))!.split(',').map(Number);
  const end = Number(await figure.getAttribute('data-end'));
  const svg = figure.locator(':scope > svg');
  const { width, height } = (await svg.boundingBox())!;
  // A click on the figure at that minute (Playwright scrolls it clear of the sticky header first).
  const clickAt = async (minute: number) => {
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await svg.click({ position: { x: width * (from + ((to - from) * minute) / end), y: height / 2 } });
  };
  const playing = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await clickAt(43);
  await expect.poll(playing, { timeout: 10_000 }).toBeLessThan(t);
  await clickAt(47);
  await expect.poll(playing, { timeout: 10_000 }).toBeGreaterThanOrEqual(t - 1);
  expect(await playing()).toBeLessThan(t + 5);
});

test('只听声音 plays the audio-only line, under 1 MB a minute', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'one media server is enough');
  test.setTimeout(180_000);
  const base = server!.url;
  const anchor = { accessToken: await tokenOf(page, ANCHOR) };
  const settings = (
    await (await page.request.get(`${base}/svc/api/room/settings`, { headers: anchor })).json()
  ).data;
  const roomId: number = settings.room.id;
  if (settings.room.liveState === 1)
    await page.request.get(`${base}/svc/api/room/down?roomId=${roomId}`, { headers: anchor });
  // Each audio fragment fetched, and its length from the playlist that listed it.
  const seconds = new Map<string, number>();
  const bytes = new Map<string, number>();
  page.on('response', async (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith('/hls-audio/')) return;
    const body = await r.body().catch(() => null);
    if (!body) return;
    if (path.endsWith('.ts')) bytes.set(path.split('/').pop()!, body.length);
    else
      for (const [, length, name] of body.toString().matchAll(/#EXTINF:([\d.]+),\s*\n([^\s#]+\.ts)/g))
        seconds.set(name, Number(length));
  });
  await asFan(page);
  await page.goto(`${base}/live/room/${roomId}`);
  push = spawn('ffmpeg', pushArgs(`${settings.push.server}/${settings.push.streamKey}`), { stdio: 'ignore' });
  await expect(page.locator('[data-line-mode="video"]')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('combobox', { name: '线路' }).selectOption({ label: '只听声音' });
  await expect(page.locator('[data-line-mode="audio"]')).toBeVisible();
  await expect
    .poll(() => page.locator('[data-player] video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(2);
  // Four fragments fetched whose lengths are known: the line's rate on the wire (bodies).
  const measured = () => [...bytes.keys()].filter((name) => seconds.has(name));
  await expect.poll(() => measured().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  const names = measured();
  const total = names.reduce((sum, n) => sum + bytes.get(n)!, 0);
  const length = names.reduce((sum, n) => sum + seconds.get(n)!, 0);
  const perMinute = (total / length) * 60;
  info.annotations.push({
    type: 'audio line',
    description: `${total} bytes in ${length.toFixed(1)} s: ${Math.round(perMinute / 1000)} KB a minute`,
  });
  expect(perMinute).toBeLessThan(1_000_000);
  push.kill('SIGINT');
  push = null;
  await expect(page.locator('[data-offline]')).toBeVisible({ timeout: 10_000 });
});
