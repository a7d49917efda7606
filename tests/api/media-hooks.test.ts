import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSessions, matchEvents, rooms, users } from '../../src/server/db/schema/index.ts';
import { createGateway } from '../../src/server/gateway/index.ts';
import { streamOf } from '../../src/server/services/live/rooms.ts';
import { PUSH_WAIT_MS } from '../../src/server/services/media/hooks.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, insertMatch, type LiveBench } from '../support/live.ts';
import { nearMiss } from '../support/near-miss.ts';

const MEDIA = { MEDIA_SERVER: 'http://127.0.0.1:18935', MEDIA_PUSH_BASE: 'rtmp://127.0.0.1:11935/live' };

describe.each(targets())('media server hooks on $name', (target) => {
  let b: LiveBench;
  let key: string;
  let clients = 0;
  beforeAll(async () => {
    b = await createLiveBench(target, MEDIA);
    key = b.app.services.media.provider.hookKey;
  }, 60_000);
  afterAll(() => b.close());

  const media = () => b.app.services.media.provider;
  /** What nginx-rtmp posts on_publish: the stream name, its clientid, the push URL's own query. */
  function publish(stream: string, authKey: string, clientid = String(++clients)) {
    return b.post(`/media/hooks/publish?key=${key}`, {
      call: 'publish',
      app: 'live',
      name: stream,
      clientid,
      auth_key: authKey,
    });
  }
  const done = (stream: string, clientid: string) =>
    b.post(`/media/hooks/publish-done?key=${key}`, {
      call: 'publish_done',
      app: 'live',
      name: stream,
      clientid,
    });
  const keyOf = (room: { id: number; streamSecret: string }, anchorId: number, now?: number) =>
    new URLSearchParams(media().push(streamOf(room), anchorId, now).streamKey.split('?')[1]).get('auth_key')!;
  const roomRow = async (id: number) => (await b.app.db.select().from(rooms).where(eq(rooms.id, id)))[0];
  const session = async (id: number) =>
    (await b.app.db.select().from(liveSessions).where(eq(liveSessions.id, id)))[0];

  it('refuses callers without the media server key', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    for (const q of ['', '?key=wrong', `?key=${nearMiss(key)}`]) {
      const res = await b.post(`/media/hooks/publish${q}`, {
        name: stream,
        clientid: '1',
        auth_key: keyOf(a.room, a.id),
      });
      expect(res).toMatchObject({ status: 403, code: 403, msg: '仅限直播媒体服务器调用' });
    }
    expect((await roomRow(a.room.id)).liveState).toBe(0);
  });

  it('refuses a bad, reset or expired key, a suspended anchor and a blocked room', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    const good = keyOf(a.room, a.id);
    const invalid = '推流码无效或已重置，请在主播设置页复制新的推流码';
    expect(await publish(stream, nearMiss(good))).toMatchObject({ status: 403, msg: invalid });
    expect(await publish(stream, '')).toMatchObject({ status: 403, msg: invalid });
    expect(await publish(`r${a.room.id}_000000`, good)).toMatchObject({ status: 403, msg: invalid });
    expect(await publish('../etc', good)).toMatchObject({ status: 403, msg: invalid });
    const old = keyOf(a.room, a.id, Date.now() - b.app.config.media.authTtl * 1000 - 60_000);
    expect(await publish(stream, old)).toMatchObject({
      status: 403,
      msg: '推流码已过期，请在主播设置页刷新推流码',
    });

    await b.app.db.update(users).set({ status: 0 }).where(eq(users.id, a.id));
    expect(await publish(stream, good)).toMatchObject({ status: 403, msg: '主播账号已被封禁，无法开播' });
    await b.app.db.update(users).set({ status: 1 }).where(eq(users.id, a.id));
    await b.app.db.update(rooms).set({ auditState: 0 }).where(eq(rooms.id, a.room.id));
    expect(await publish(stream, good)).toMatchObject({ status: 403, msg: '该直播间已被封禁' });
    expect((await roomRow(a.room.id)).liveState).toBe(0);
  });

  it('takes a good push live, refuses a second one, and goes offline when it ends', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    const first = await publish(stream, keyOf(a.room, a.id), 'c1');
    expect(first).toMatchObject({ status: 200, code: 200, data: { roomId: a.room.id, resumed: false } });
    const live = await roomRow(a.room.id);
    expect(live).toMatchObject({ liveState: 1, sessionId: first.data.sessionId });
    const detail = await b.get('/api/room/detail', { roomId: a.room.id });
    expect(detail.data.demo).toBe(false);
    expect(detail.data.pullUrls[0].url).toMatch(
      new RegExp(`^http://127.0.0.1:18935/hls/${stream}\\.m3u8\\?auth_key=`),
    );

    const second = await publish(stream, keyOf(a.room, a.id), 'c2');
    expect(second).toMatchObject({ status: 409, msg: '该直播间已有推流在进行，请先停止原来的推流' });
    // The refused push's end changes nothing; the live one's takes the room offline.
    await done(stream, 'c2');
    expect((await roomRow(a.room.id)).liveState).toBe(1);
    expect(await done(stream, 'c1')).toMatchObject({ status: 200 });
    expect(await roomRow(a.room.id)).toMatchObject({ liveState: 0, sessionId: null });
    const s = await session(first.data.sessionId);
    expect(s).toMatchObject({ replayState: 'pending', replayUrl: null, pushClient: null });
    expect(s.endedAt).not.toBeNull();
  });

  it('keeps the same broadcast when the push comes back within 30 s, and starts a new one after', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    const first = await publish(stream, keyOf(a.room, a.id), 'r1');
    await done(stream, 'r1');
    const again = await publish(stream, keyOf(a.room, a.id), 'r2');
    expect(again).toMatchObject({ status: 200, data: { sessionId: first.data.sessionId, resumed: true } });
    expect(await roomRow(a.room.id)).toMatchObject({ liveState: 1, sessionId: first.data.sessionId });
    expect(await session(first.data.sessionId)).toMatchObject({
      endedAt: null,
      replayState: null,
      pushClient: 'r2',
    });

    await done(stream, 'r2');
    await b.app.db
      .update(liveSessions)
      .set({ endedAt: new Date(Date.now() - 31_000) })
      .where(eq(liveSessions.id, first.data.sessionId));
    const later = await publish(stream, keyOf(a.room, a.id), 'r3');
    expect(later).toMatchObject({ status: 200, data: { resumed: false } });
    expect(later.data.sessionId).not.toBe(first.data.sessionId);
    const sessions = await b.app.db.select().from(liveSessions).where(eq(liveSessions.roomId, a.room.id));
    expect(sessions).toHaveLength(2);
  });

  it('starts the feed clock at the first push of a broadcast begun by the button, and keeps it when the push comes back', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    expect(await b.post('/api/room/up', {}, { token: a.token })).toMatchObject({ status: 200 });
    const sessionId = (await roomRow(a.room.id)).sessionId!;
    expect(await session(sessionId)).toMatchObject({ feedClockAt: null, pushClient: null });

    const before = b.app.services.sports.clock.now();
    const pushed = await publish(stream, keyOf(a.room, a.id), 'b1');
    expect(pushed).toMatchObject({ status: 200, data: { sessionId, resumed: false } });
    const s = await session(sessionId);
    // On the feed's clock, where the recording starts: the replay's markers are placed from it.
    expect(s.feedClockAt!.getTime()).toBeGreaterThanOrEqual(before - 1);
    expect(s.feedClockAt!.getTime()).toBeLessThanOrEqual(b.app.services.sports.clock.now() + 1);

    // A push that drops and comes back keeps the clock and takes the match the room is linked to now.
    await done(stream, 'b1');
    const matchId = await insertMatch(b.app.db);
    await b.app.db.update(rooms).set({ matchId }).where(eq(rooms.id, a.room.id));
    expect(await publish(stream, keyOf(a.room, a.id), 'b2')).toMatchObject({
      data: { sessionId, resumed: true },
    });
    expect(await session(sessionId)).toMatchObject({ feedClockAt: s.feedClockAt, matchId });
  });

  it('starts a new broadcast for a push within 30 s of 下播, which ended the last one (issue 41)', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    const down = () => b.get('/api/room/down', { roomId: a.room.id }, { token: a.token });
    const first = await publish(stream, keyOf(a.room, a.id), 'd1');
    await down();
    await done(stream, 'd1'); // OBS stopped after the button: nothing more to end
    const second = await publish(stream, keyOf(a.room, a.id), 'd2');
    expect(second).toMatchObject({ status: 200, data: { resumed: false } });
    expect(second.data.sessionId).not.toBe(first.data.sessionId);
    expect((await session(first.data.sessionId)).endedAt).not.toBeNull();

    // Dropped and resumed, then 下播: the next push is a new broadcast too.
    await done(stream, 'd2');
    expect(await publish(stream, keyOf(a.room, a.id), 'd3')).toMatchObject({
      data: { sessionId: second.data.sessionId, resumed: true },
    });
    await down();
    const third = await publish(stream, keyOf(a.room, a.id), 'd4');
    expect(third).toMatchObject({ status: 200, data: { resumed: false } });
    expect(third.data.sessionId).not.toBe(second.data.sessionId);
  });

  /** A goal of `matchId` at feed time `at` (epoch ms), named for the marker it should make. */
  const goal = (matchId: number, seq: number, at: number, playerName: string) => ({
    matchId,
    seq,
    type: 'goal',
    side: 1,
    minute: 10 + seq,
    period: 1,
    playerName,
    at: new Date(at),
  });
  const markersOf = async (sessionId: number) =>
    (await b.app.services.media.markers(sessionId)).map((m) => [m.t, m.label.split(' ').pop()]);

  it('places markers after a drop and resume earlier by the gap the recording cut out', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    const matchId = await insertMatch(b.app.db);
    await b.post('/api/room/update', { matchId }, { token: a.token });
    const first = await publish(stream, keyOf(a.room, a.id), 'g1');
    const sessionId = first.data.sessionId;
    // The push ran a minute, then dropped and was away 20 s before it came back.
    const speed = b.app.services.sports.clock.speed;
    await b.app.db
      .update(liveSessions)
      .set({ feedClockAt: new Date(b.app.services.sports.clock.now() - 60_000 * speed) })
      .where(eq(liveSessions.id, sessionId));
    await done(stream, 'g1');
    await b.app.db
      .update(liveSessions)
      .set({ endedAt: new Date(Date.now() - 20_000) })
      .where(eq(liveSessions.id, sessionId));
    expect(await publish(stream, keyOf(a.room, a.id), 'g2')).toMatchObject({
      data: { sessionId, resumed: true },
    });
    await done(stream, 'g2');

    const s = await session(sessionId);
    expect(s.feedGaps).toHaveLength(1);
    const [gap] = s.feedGaps;
    expect((gap.to - gap.from) / speed).toBeGreaterThan(19_000);
    expect((gap.to - gap.from) / speed).toBeLessThan(22_000);
    await b.app.db.update(liveSessions).set({ durationSeconds: 60 }).where(eq(liveSessions.id, sessionId));
    const from = s.feedClockAt!.getTime();
    const secs = (ms: number) => ms * 1000 * speed;
    await b.app.db
      .insert(matchEvents)
      .values([
        goal(matchId, 1, from + secs(3), '断流前'),
        goal(matchId, 2, gap.from + secs(10), '断流中'),
        goal(matchId, 3, gap.to + secs(5), '恢复后'),
      ]);
    const resumedAt = Math.round((gap.from - from) / 1000 / speed);
    expect(await markersOf(sessionId)).toEqual([
      [3, '断流前'],
      [resumedAt, '断流中'],
      [resumedAt + 5, '恢复后'],
    ]);
  });

  it('marks each match of a broadcast only while the room was linked to it', async () => {
    const a = await b.anchor();
    const stream = streamOf(a.room);
    const [first, second] = [await insertMatch(b.app.db), await insertMatch(b.app.db)];
    await b.post('/api/room/update', { matchId: first }, { token: a.token });
    const pushed = await publish(stream, keyOf(a.room, a.id), 'm1');
    const sessionId = pushed.data.sessionId;
    const speed = b.app.services.sports.clock.speed;
    const secs = (ms: number) => ms * 1000 * speed;
    // As if the push had been on for a minute when the anchor switched to the other match.
    const from = b.app.services.sports.clock.now() - secs(60);
    await b.app.db
      .update(liveSessions)
      .set({ feedClockAt: new Date(from) })
      .where(eq(liveSessions.id, sessionId));
    expect(await b.post('/api/room/update', { matchId: second }, { token: a.token })).toMatchObject({
      data: { matchId: second },
    });
    const s = await session(sessionId);
    expect(s.matchId).toBe(second);
    expect(s.earlierMatches).toHaveLength(1);
    const [{ matchId, until }] = s.earlierMatches;
    expect(matchId).toBe(first);
    await done(stream, 'm1');
    await b.app.db.update(liveSessions).set({ durationSeconds: 120 }).where(eq(liveSessions.id, sessionId));
    await b.app.db
      .insert(matchEvents)
      .values([
        goal(first, 1, until - secs(30), '旧比赛切换前'),
        goal(first, 2, until + secs(5), '旧比赛切换后'),
        goal(second, 1, until - secs(10), '新比赛切换前'),
        goal(second, 2, until + secs(5), '新比赛切换后'),
      ]);
    const switchedAt = (until - from) / 1000 / speed;
    expect(await markersOf(sessionId)).toEqual([
      [Math.round(switchedAt - 30), '旧比赛切换前'],
      [Math.round(switchedAt + 5), '新比赛切换后'],
    ]);
  });

  it('checks the signed pull URL of a playlist for nginx auth_request', async () => {
    const a = await b.anchor();
    const [line] = media().pull(streamOf(a.room), 0);
    const path = new URL(line.url).pathname + new URL(line.url).search;
    const gw = createGateway(b.app);
    const ask = (uri: string, k = key) =>
      gw.request(`/svc/media/hooks/play?key=${k}`, { headers: { 'x-original-uri': uri } });
    expect((await ask(path)).status).toBe(200);
    expect((await ask(path.replace(/.{4}$/, '0000'))).status).toBe(403);
    expect((await ask(path.replace('/hls/', '/hls-low/'))).status).toBe(403);
    expect((await ask(path, 'nope')).status).toBe(403);
  });

  it('takes offline a room live without a push once it has waited PUSH_WAIT_MS for one (issue 41)', async () => {
    const liveIds = async () =>
      (await b.app.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.liveState, 1)))
        .map((r) => r.id)
        .sort((x, y) => x - y);
    const pushed = await b.anchor();
    await publish(streamOf(pushed.room), keyOf(pushed.room, pushed.id), 'w1');
    const before = await liveIds(); // the demo's rooms (no push, live for 20+ minutes) and pushed ones
    expect(before).toContain(b.demoRoom.id);
    const button = await b.anchor();
    expect(await b.post('/api/room/up', {}, { token: button.token })).toMatchObject({ status: 200 });

    const hooks = b.app.services.media.hooks;
    await hooks.endStreamlessRooms();
    const after = await liveIds();
    expect(after).not.toContain(b.demoRoom.id);
    expect(after).toContain(pushed.room.id);
    expect(after).toContain(button.room.id); // still waiting for its push
    const demoSession = (
      await b.app.db.select().from(liveSessions).where(eq(liveSessions.roomId, b.demoRoom.id))
    ).sort((x, y) => y.id - x.id)[0];
    expect(demoSession.endedAt).not.toBeNull();
    // 开播 and no OBS for longer than the wait: offline too; what is pushed stays.
    expect(await hooks.endStreamlessRooms(Date.now() + PUSH_WAIT_MS + 1_000)).toBe(1);
    expect(await liveIds()).toEqual(after.filter((id) => id !== button.room.id));
    const listed = await b.get('/api/room/page', { roomType: 1, pageSize: 50 });
    expect(listed.data.list.map((r: { id: number }) => r.id).sort((x: number, y: number) => x - y)).toEqual(
      after.filter((id) => id !== button.room.id),
    );
  });
});
