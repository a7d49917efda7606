import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSessions, matchEvents, matchTexts } from '../../src/server/db/schema/index.ts';
import { replayMarkers } from '../../src/server/services/media/markers.ts';
import {
  createReplayMaker,
  MAX_REPLAY_ATTEMPTS,
  REMUX_STUCK_MS,
} from '../../src/server/services/media/replays.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, insertMatch, type LiveBench } from '../support/live.ts';

const MEDIA = { MEDIA_SERVER: 'http://127.0.0.1:18935' };

describe.each(targets())('replays from recordings on $name', (target) => {
  let b: LiveBench;
  let dir: string;
  beforeAll(async () => {
    b = await createLiveBench(target, MEDIA);
    dir = mkdtempSync(join(tmpdir(), 'qyq-media-'));
    mkdirSync(join(dir, 'recordings'));
  }, 60_000);
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await b.close();
  });

  /** A pushed broadcast that ended 40 s ago (past the resume window), as the hooks leave it. */
  async function endedBroadcast(matchId: number | null = null) {
    const a = await b.anchor();
    const startedAt = new Date(Date.now() - 100_000);
    const [s] = await b.app.db
      .insert(liveSessions)
      .values({
        roomId: a.room.id,
        anchorId: a.id,
        title: '测试直播',
        navId: 1,
        matchId,
        startedAt,
        endedAt: new Date(Date.now() - 40_000),
        replayState: 'pending',
        feedClockAt: startedAt,
      })
      .returning();
    const file = join(
      dir,
      'recordings',
      `r${a.room.id}_${a.room.streamSecret}-${Math.floor(startedAt.getTime() / 1000) + 1}.flv`,
    );
    return { s, file };
  }
  /** Six seconds of ffmpeg's test pattern and tone, as nginx-rtmp records a push (FLV, H.264 + AAC). */
  const recordTestPattern = (file: string) =>
    execFileSync('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=6'],
      ...[
        '-f',
        'lavfi',
        '-i',
        'sine=duration=6',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-g', '50', '-c:a', 'aac', '-f', 'flv', file],
    ]);
  const maker = () =>
    createReplayMaker({
      db: b.app.db,
      log: pino({ level: 'silent' }),
      mediaDir: dir,
      ffmpeg: b.app.config.ffmpegBin,
    });
  const row = async (id: number) =>
    (await b.app.db.select().from(liveSessions).where(eq(liveSessions.id, id)))[0];

  it('remuxes a recording into an HLS replay with a poster and its duration', async () => {
    const { s, file } = await endedBroadcast();
    recordTestPattern(file);
    expect(await maker().makeDue()).toEqual(['ready']);
    const done = await row(s.id);
    expect(done).toMatchObject({
      replayState: 'ready',
      replayUrl: `/media/replays/${s.id}/index.m3u8`,
      replayAttempts: 1,
    });
    expect(done.durationSeconds).toBeGreaterThanOrEqual(5);
    expect(done.durationSeconds).toBeLessThanOrEqual(7);
    const out = join(dir, 'replays', String(s.id));
    expect(readFileSync(join(out, 'index.m3u8'), 'utf8')).toMatch(/#EXT-X-ENDLIST/);
    expect(readFileSync(join(out, 'poster.jpg')).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(existsSync(file)).toBe(false);
    // Listed with the replays at once, and nothing is made twice.
    const list = await b.post('/api/back/pageByRoom', { roomId: s.roomId });
    expect(list.data.list.map((r: { id: number }) => r.id)).toEqual([s.id]);
    expect(await maker().makeDue()).toEqual([]);
  }, 60_000);

  /** A broadcast of `room` from `from` to `to` seconds ago; pushed ones carry their feed clock. */
  async function broadcastOf(
    a: Awaited<ReturnType<LiveBench['anchor']>>,
    from: number,
    to: number,
    pushed: boolean,
  ) {
    const startedAt = new Date(Date.now() - from * 1000);
    const [s] = await b.app.db
      .insert(liveSessions)
      .values({
        ...{ roomId: a.room.id, anchorId: a.id, title: '测试直播', navId: 1, startedAt },
        ...{ endedAt: new Date(Date.now() - to * 1000), replayState: 'pending' as const },
        feedClockAt: pushed ? startedAt : null,
      })
      .returning();
    return s;
  }
  /** A recording of `room` as nginx-rtmp names it, its push begun `ago` seconds before now. */
  const recordingOf = (a: { room: { id: number; streamSecret: string } }, ago: number) => {
    const file = join(
      dir,
      'recordings',
      `r${a.room.id}_${a.room.streamSecret}-${Math.floor(Date.now() / 1000) - ago}.flv`,
    );
    recordTestPattern(file);
    return file;
  };

  it('leaves a broadcast never pushed without a replay, even when the next push is recorded right after it', async () => {
    // 开播 by the button, 下播, and 7 s later OBS pushes (issue 33 item 7: the first sweep gave the
    // push's recording to the button's broadcast, and the pushed one found none).
    const a = await b.anchor();
    const button = await broadcastOf(a, 120, 52, false);
    const pushed = await broadcastOf(a, 45, 10, true);
    const file = recordingOf(a, 46);
    expect(await maker().makeDue()).toEqual(['none']);
    expect(await row(button.id)).toMatchObject({ replayState: null, replayUrl: null });
    expect(existsSync(file)).toBe(true);
    expect(await maker().makeDue(Date.now() + 30_000)).toEqual(['ready']);
    expect(await row(pushed.id)).toMatchObject({
      replayState: 'ready',
      replayUrl: `/media/replays/${pushed.id}/index.m3u8`,
    });
  }, 60_000);

  it('gives each of two pushes close together its own recording', async () => {
    const a = await b.anchor();
    const first = await broadcastOf(a, 100, 60, true);
    const second = await broadcastOf(a, 52, 40, true);
    recordingOf(a, 99);
    recordingOf(a, 53); // 7 s after the first ended: within its slack, but the second's
    expect(await maker().makeDue()).toEqual(['ready', 'ready']);
    for (const s of [first, second]) {
      const done = await row(s.id);
      expect(done.replayState).toBe('ready');
      expect(done.durationSeconds, `session ${s.id}`).toBeLessThanOrEqual(7);
    }
  }, 60_000);

  it('dates and times a replay by its recording, not by the broadcast begun long before the push', async () => {
    const a = await b.anchor();
    // 开播 at 12:00, OBS pushed for the last 77 s, down at 12:32 (fixed days: no test reads today's date).
    const endedAt = new Date('2026-05-01T12:32:00Z');
    const [s] = await b.app.db
      .insert(liveSessions)
      .values({
        roomId: a.room.id,
        anchorId: a.id,
        title: '测试回放',
        navId: 1,
        startedAt: new Date('2026-05-01T12:00:00Z'),
        endedAt,
        replayState: 'ready',
        replayUrl: '/media/replays/0/index.m3u8',
        durationSeconds: 77,
      })
      .returning();
    const recorded = { startedAt: new Date(endedAt.getTime() - 77_000).toISOString(), minutes: 1 };
    expect((await b.get('/api/back/detail', { recordId: s.id })).data).toMatchObject(recorded);
    expect((await b.post('/api/back/pageByRoom', { roomId: a.room.id })).data.list).toMatchObject([recorded]);
    expect((await b.get('/api/room/detail', { roomId: a.room.id })).data.replays).toMatchObject([recorded]);
  });

  it('marks a replay failed when the recording cannot be remuxed, and keeps the raw file', async () => {
    const { s, file } = await endedBroadcast();
    writeFileSync(file, 'not a video');
    expect(await maker().makeDue()).toEqual(['failed']);
    expect(await row(s.id)).toMatchObject({ replayState: 'failed', replayUrl: null });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(dir, 'replays', String(s.id)))).toBe(false);
  });

  it('makes again a replay an interrupted maker left processing, from the raw file it kept', async () => {
    const { s, file } = await endedBroadcast();
    recordTestPattern(file);
    const claimed = Date.now() - REMUX_STUCK_MS + 60_000;
    await b.app.db
      .update(liveSessions)
      .set({ replayState: 'processing', replayClaimedAt: new Date(claimed), replayAttempts: 1 })
      .where(eq(liveSessions.id, s.id));
    // Still within the time a remux may take: another maker may be at it.
    expect(await maker().makeDue()).toEqual([]);
    expect(await row(s.id)).toMatchObject({ replayState: 'processing' });
    // Past it (the maker stopped mid-remux): queued again and made.
    expect(await maker().makeDue(Date.now() + 120_000)).toEqual(['ready']);
    expect(await row(s.id)).toMatchObject({
      replayState: 'ready',
      replayUrl: `/media/replays/${s.id}/index.m3u8`,
      replayAttempts: 2,
    });
    expect(existsSync(file)).toBe(false);
  }, 60_000);

  it('marks failed, keeping the raw file, a replay whose remux was interrupted three times', async () => {
    const { s, file } = await endedBroadcast();
    recordTestPattern(file);
    const stuck = async (attempts: number) =>
      b.app.db
        .update(liveSessions)
        .set({ replayState: 'processing', replayClaimedAt: new Date(0), replayAttempts: attempts })
        .where(eq(liveSessions.id, s.id));
    // Each claim counts an attempt; the first two interruptions are queued again.
    await stuck(2);
    expect(await maker().requeueInterrupted()).toBe(1);
    expect(await row(s.id)).toMatchObject({ replayState: 'pending', replayAttempts: 2 });
    // The third claim crashes its maker too: the next sweep gives up instead of making it again.
    await stuck(MAX_REPLAY_ATTEMPTS);
    expect(await maker().makeDue()).toEqual([]);
    expect(await row(s.id)).toMatchObject({ replayState: 'failed', replayUrl: null, replayClaimedAt: null });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(dir, 'replays', String(s.id)))).toBe(false);
    expect(await maker().makeDue(Date.now() + REMUX_STUCK_MS * 2)).toEqual([]);
  }, 60_000);

  it('places the linked match’s goals, cards and periods on the replay', async () => {
    const matchId = await insertMatch(b.app.db);
    const { s } = await endedBroadcast(matchId);
    await b.app.db.update(liveSessions).set({ durationSeconds: 60 }).where(eq(liveSessions.id, s.id));
    const at = (sec: number) => new Date(s.startedAt.getTime() + sec * 1000);
    const ev = (
      seq: number,
      type: string,
      sec: number,
      period: number,
      minute: number,
      playerName: string | null,
    ) => ({
      matchId,
      seq,
      type,
      side: 1,
      minute,
      period,
      playerName,
      at: at(sec),
    });
    await b.app.db
      .insert(matchEvents)
      .values([
        ev(1, 'goal', -30, 1, 10, '早进球'),
        ev(2, 'goal', 12, 1, 40, '张三'),
        ev(3, 'substitution', 20, 1, 44, '李四'),
        ev(4, 'yellow', 35, 2, 50, '王五'),
        ev(5, 'red', 90, 2, 80, '晚红牌'),
      ]);
    expect(await replayMarkers(b.app.db, s.id, 1)).toEqual([
      { t: 12, kind: 'goal', label: "40' 进球 张三" },
      { t: 35, kind: 'period', label: '下半场' },
      { t: 35, kind: 'card', label: "50' 黄牌 王五" },
    ]);
    // The commentary's 下半场开始 marks the period's start, before (or without) any event in it.
    await b.app.db.insert(matchTexts).values([
      { matchId, seq: 1, kind: 'period', period: 1, text: '比赛开始', at: at(-60) },
      { matchId, seq: 2, kind: 'period', period: 2, text: '下半场开始', at: at(30) },
    ]);
    expect((await replayMarkers(b.app.db, s.id, 1)).filter((m) => m.kind === 'period')).toEqual([
      { t: 30, kind: 'period', label: '下半场' },
    ]);
  });
});
