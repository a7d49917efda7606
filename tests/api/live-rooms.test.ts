import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../support/context.ts';
import { createLiveBench, DEMO, type LiveBench } from '../support/live.ts';

describe.each(targets())('live rooms and lists on $name', (target) => {
  let b: LiveBench;
  let fan: string;
  let anchor: string;
  let operator: string;
  beforeAll(async () => {
    b = await createLiveBench(target);
    [fan, anchor, operator] = await Promise.all([
      b.tokenOf(DEMO.fan),
      b.tokenOf(DEMO.anchor),
      b.tokenOf(DEMO.operator),
    ]);
  }, 60_000);
  afterAll(() => b.close());

  it('lists the categories with how many rooms are live', async () => {
    const res = await b.get('/api/nav/list');
    expect(res.code).toBe(200);
    expect(res.data.map((n: { name: string }) => n.name)).toEqual(['足球', '篮球', '电竞', '其他']);
    expect(res.data.find((n: { id: number }) => n.id === 1).live).toBeGreaterThanOrEqual(2);
  });

  it('pages rooms live first, filters by category, word and live state, and skips a room', async () => {
    const all = await b.get('/api/room/page');
    expect(all.data).toMatchObject({ page: 1, pageSize: 30 });
    expect(all.data.total).toBe(8);
    const states = all.data.list.map((r: { liveState: number }) => r.liveState);
    expect(states).toEqual([...states].sort((x, y) => y - x));
    expect(all.data.list[0]).toMatchObject({
      roomId: all.data.list[0].id,
      navName: expect.any(String),
      nickName: expect.any(String),
    });

    const basketball = await b.get('/api/room/page', { navId: 2 });
    expect(basketball.data.list.every((r: { navId: number }) => r.navId === 2)).toBe(true);
    const liveOnly = await b.get('/api/room/page', { roomType: 1 });
    expect(liveOnly.data.list.every((r: { liveState: number }) => r.liveState === 1)).toBe(true);
    expect(liveOnly.data.total).toBe(5);
    const byWord = await b.get('/api/room/page', { word: '阿杰' });
    expect(byWord.data.list.map((r: { id: number }) => r.id)).toEqual([b.demoRoom.id]);
    const without = await b.get('/api/room/page', { roomId: b.demoRoom.id });
    expect(without.data.list.some((r: { id: number }) => r.id === b.demoRoom.id)).toBe(false);
    expect(await b.get('/api/room/page', { pageSize: 0 })).toMatchObject({
      status: 400,
      msg: '参数 pageSize 无效：不能小于 1',
    });
  });

  it('answers "unchanged" when the client already has the current version', async () => {
    const first = await b.get('/api/room/page');
    const again = await b.get('/api/room/page', { version: first.data.version });
    expect(again.data).toEqual({ unchanged: true, version: first.data.version });
  });

  it('shows a room in detail: pull URLs when live, the viewer role and follow state', async () => {
    const visitor = await b.get('/api/room/detail', { roomId: b.demoRoom.id });
    expect(visitor.data).toMatchObject({
      roomId: b.demoRoom.id,
      liveState: 1,
      role: null,
      isFollowed: false,
      forbidden: false,
      demo: true,
    });
    expect(visitor.data.pullUrls).toEqual([{ name: '演示线路', url: '/media/demo/master.m3u8' }]);
    expect(visitor.data.replays.length).toBeGreaterThan(0);
    const mine = await b.get('/api/room/detail', { roomId: b.demoRoom.id }, { token: fan });
    expect(mine.data).toMatchObject({ role: 'viewer', isFollowed: true });
    expect((await b.get('/api/room/detail', { roomId: b.demoRoom.id }, { token: anchor })).data.role).toBe(
      'anchor',
    );
    expect(await b.get('/api/room/detail', { roomId: 999_999 })).toMatchObject({
      status: 404,
      msg: '直播间不存在',
    });
    expect(await b.get('/api/room/detail')).toMatchObject({ status: 400, msg: '参数 roomId 无效：不能为空' });
  });

  it('polls room info and lists hot rooms by heat', async () => {
    const info = await b.get('/api/room/info', { roomId: b.demoRoom.id });
    expect(info.data).toMatchObject({
      roomId: b.demoRoom.id,
      liveState: 1,
      heat: expect.any(Number),
      notice: expect.any(String),
    });
    const hot = await b.get('/api/room/hotAppRoom', { size: 3 });
    expect(hot.data).toHaveLength(3);
    expect(hot.data[0].heat).toBeGreaterThanOrEqual(hot.data[1].heat);
  });

  it('lets only the anchor take a room up and change it; an operator may take it down', async () => {
    const a = await b.anchor();
    const viewer = await b.viewer();
    expect(await b.post('/api/room/up', {}, { token: viewer.token })).toMatchObject({
      status: 403,
      msg: '仅主播可以执行此操作',
    });
    expect(await b.post('/api/room/up', {})).toMatchObject({ status: 401 });
    const up = await b.post('/api/room/up', { title: '新主播首秀', navId: 2 }, { token: a.token });
    expect(up.data).toMatchObject({
      roomId: a.room.id,
      liveState: 1,
      push: { server: 'rtmp://127.0.0.1:1935/live' },
    });
    expect(up.data.push.streamKey).toMatch(
      new RegExp(`^r${a.room.id}_[0-9a-f]{12}\\?auth_key=\\d+-[0-9a-f]+-${a.id}-[0-9a-f]{32}$`),
    );
    expect((await b.get('/api/room/info', { roomId: a.room.id })).data).toMatchObject({
      liveState: 1,
      title: '新主播首秀',
    });
    expect(await b.get('/api/room/down', { roomId: a.room.id }, { token: viewer.token })).toMatchObject({
      status: 403,
    });
    expect((await b.get('/api/room/down', { roomId: a.room.id }, { token: operator })).data).toEqual({
      roomId: a.room.id,
      liveState: 0,
    });
    const history = await b.get('/api/history/list', { roomId: a.room.id }, { token: a.token });
    expect(history.data.list[0]).toMatchObject({ title: '新主播首秀', hasReplay: true, income: 0 });
    expect((await b.get('/api/history/list', { roomId: a.room.id })).data.list[0].income).toBeNull();
  });

  it('validates room settings and resets the stream key', async () => {
    const a = await b.anchor();
    expect(await b.post('/api/room/update', { title: 'x' }, { token: a.token })).toMatchObject({
      status: 400,
      msg: '直播间标题为2-30个字',
    });
    expect(await b.post('/api/room/update', { navId: 9 }, { token: a.token })).toMatchObject({
      status: 400,
      msg: '请选择直播分类',
    });
    expect(await b.post('/api/room/update', { slowMode: 7 }, { token: a.token })).toMatchObject({
      status: 400,
      msg: '慢速模式的间隔不在可选范围内',
    });
    expect(
      await b.post(
        '/api/room/update',
        { cover: '/uploads/0123456789abcdef0123456789abcdef.webp' },
        { token: a.token },
      ),
    ).toMatchObject({ status: 400, msg: '封面地址无效，请重新上传' });
    expect(await b.post('/api/room/update', { matchId: 987_654 }, { token: a.token })).toMatchObject({
      status: 400,
      msg: '比赛不存在',
    });
    const updated = await b.post(
      '/api/room/update',
      { title: '周末看球', notice: '欢迎', slowMode: 5, cover: '/covers/football-2.svg' },
      { token: a.token },
    );
    expect(updated.data).toMatchObject({
      title: '周末看球',
      notice: '欢迎',
      slowMode: 5,
      cover: '/covers/football-2.svg',
    });
    expect(updated.data.streamSecret).toBeUndefined();
    const before = (await b.get('/api/room/settings', {}, { token: a.token })).data.push.streamKey;
    const after = (await b.post('/api/room/resetKey', {}, { token: a.token })).data.streamKey;
    expect(after.split('?')[0]).not.toBe(before.split('?')[0]);
  });

  it('searches rooms and anchors by word', async () => {
    const rooms = await b.get('/api/search/roomByWord', { word: '逐节解说' });
    expect(rooms.data.list[0].title).toContain('逐节解说');
    const anchors = await b.get('/api/search/roomByWord', { word: '老张', type: 2 });
    expect(anchors.data.list[0]).toMatchObject({ nickName: '篮球老张', roomId: expect.any(Number) });
    expect(await b.get('/api/search/roomByWord', { word: '' })).toMatchObject({ status: 400 });
  });

  it('lists replays and opens one', async () => {
    const page = await b.post('/api/back/pageByRoom', { roomId: b.demoRoom.id, page: 1, pageSize: 2 });
    expect(page.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    const one = await b.get('/api/back/detail', { recordId: page.data.list[0].id });
    expect(one.data).toMatchObject({
      replayUrl: '/media/demo/master.m3u8',
      nickName: '主播阿杰',
      minutes: expect.any(Number),
    });
    expect(await b.get('/api/back/detail', { recordId: 999_999 })).toMatchObject({
      status: 404,
      msg: '回放不存在',
    });
  });

  it('filters the live history by China calendar days', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const res = await b.get('/api/history/list', { roomId: b.demoRoom.id, startDate: today, endDate: today });
    expect(
      res.data.list.every((s: { startedAt: string }) => Date.now() - Date.parse(s.startedAt) < 86_400_000),
    ).toBe(true);
    expect(await b.get('/api/history/list', { roomId: b.demoRoom.id, startDate: '2025/1/1' })).toMatchObject({
      status: 400,
      msg: '请输入正确的日期范围',
    });
  });

  it('schedules broadcasts: anchors only, in the next 30 days, listed by /api/match/list', async () => {
    const a = await b.anchor();
    const viewer = await b.viewer();
    const startAt = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      await b.post('/api/anchor/schedule/add', { title: '明晚见', startAt }, { token: viewer.token }),
    ).toMatchObject({ status: 403 });
    expect(
      await b.post(
        '/api/anchor/schedule/add',
        { title: '明晚见', startAt: new Date(Date.now() + 40 * 86_400_000).toISOString() },
        { token: a.token },
      ),
    ).toMatchObject({ status: 400, msg: '开播时间需在现在到30天之内' });
    const added = await b.post('/api/anchor/schedule/add', { title: '明晚见', startAt }, { token: a.token });
    expect(added.data).toMatchObject({ title: '明晚见', startAt });
    expect((await b.get('/api/match/list', { anchorId: a.id })).data).toEqual([
      expect.objectContaining({ id: added.data.id, title: '明晚见', match: null }),
    ]);
    expect(
      await b.get('/api/anchor/schedule/remove', { id: added.data.id }, { token: viewer.token }),
    ).toMatchObject({ status: 403 });
    expect((await b.get('/api/anchor/schedule/remove', { id: added.data.id }, { token: a.token })).code).toBe(
      200,
    );
    expect((await b.get('/api/match/list', { anchorId: a.id })).data).toEqual([]);
  });

  it("shows the anchor's statistics to the anchor only", async () => {
    const zone = await b.get('/api/anchor/zone', { days: 30 }, { token: anchor });
    expect(zone.data).toMatchObject({ roomId: b.demoRoom.id, sessions: 4, followers: 2 });
    expect(zone.data.income).toBeGreaterThan(0);
    expect(await b.get('/api/anchor/zone', {}, { token: fan })).toMatchObject({
      status: 403,
      msg: '仅主播可以执行此操作',
    });
  });

  it('verifies media auth keys for the media server', async () => {
    const push = (await b.get('/api/room/settings', {}, { token: anchor })).data.push;
    const [stream, query] = push.streamKey.split('?');
    expect((await b.post('/api/media/auth', { action: 'publish', path: `live/${stream}`, query })).code).toBe(
      200,
    );
    expect(
      await b.post('/api/media/auth', { action: 'publish', path: `live/${stream}x`, query }),
    ).toMatchObject({ status: 401 });
    expect(await b.post('/api/media/auth', { action: 'read', path: `live/${stream}`, query })).toMatchObject({
      status: 401,
    });
  });
});
