import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targets } from '../support/context.ts';
import { createYouliaoBench, type YouliaoBench } from '../support/youliao.ts';

describe.each(targets())('有料: cutting clips from replays on $name', (target) => {
  let b: YouliaoBench;
  let anchor: Awaited<ReturnType<YouliaoBench['anchor']>>;
  let sessionId: number;
  const clip = (extra: Record<string, unknown> = {}) => ({
    sessionId,
    start: 2,
    end: 12,
    title: '测试信号片段十秒',
    price: 0,
    ...extra,
  });

  beforeAll(async () => {
    b = await createYouliaoBench(target);
    anchor = await b.anchor();
    sessionId = await b.replay(anchor);
  }, 120_000);
  afterAll(() => b.close());

  it('lets the anchor cut their replay: answered 处理中 at once, then 可观看 with duration and poster', async () => {
    const res = await b.post('/inform/movie/cut', clip({ start: '0:02', end: '0:12.5', sport: 2 }), {
      token: anchor.token,
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ state: 'processing', stateName: '处理中', sport: 2, sportName: '篮球' });
    expect(res.data.anchor.id).toBe(anchor.id);
    await b.yl.cutter.idle();
    const detail = await b.get(`/inform/movie/detail/${res.data.id}`);
    expect(detail.data).toMatchObject({ state: 'ready', stateName: '可观看', startSec: 2, endSec: 12.5 });
    // Stream copy starts at the key frame at or before 2 s (the demo has one every 2 s).
    expect(detail.data.duration).toBeGreaterThanOrEqual(10.4);
    expect(detail.data.duration).toBeLessThanOrEqual(12.6);
    expect(detail.data.durationText).toMatch(/^0:1[0-3]$/);
    const dir = join(b.yl.mediaDir, 'clips', String(res.data.id));
    for (const f of ['index.m3u8', 'seg000.ts', 'poster.jpg']) expect(existsSync(join(dir, f))).toBe(true);
    const poster = await b.fetchRaw(detail.data.poster);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const list = await b.get('/inform/movie/list', { sport: 2 });
    expect(list.data.list.map((c: { id: number }) => c.id)).toContain(res.data.id);
    expect(
      (await b.get('/inform/movie/list', { sport: 1 })).data.list.map((c: { id: number }) => c.id),
    ).not.toContain(res.data.id);
  });

  it('refuses another user, and lets an editor or operator cut for the anchor', async () => {
    const other = await b.viewer();
    const refused = await b.post('/inform/movie/cut', clip(), { token: other.token });
    expect(refused).toMatchObject({ status: 403, msg: '只有该回放的主播或编辑、运营人员可以剪辑' });
    expect((await b.post('/inform/movie/cut', clip(), {})).status).toBe(401);
    for (const token of [await b.editorToken(), await b.operatorToken()]) {
      const { res, row } = await b.cut(token, clip({ price: 30 }));
      expect(res.code).toBe(200);
      expect(row).toMatchObject({ anchorId: anchor.id, state: 'ready', price: 30 });
      expect(row!.cutById).not.toBe(anchor.id);
    }
    const mine = await b.get('/inform/movie/mine', {}, { token: anchor.token });
    expect(mine.data.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad ranges, prices and titles with the field named, and keeps nothing', async () => {
    const before = (await b.get('/inform/movie/mine', {}, { token: anchor.token })).data.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ start: 10, end: 5 }, '剪辑区间无效：结束时间需晚于开始时间，时长 3-600 秒'],
      [{ start: 4, end: 5 }, '剪辑区间无效：结束时间需晚于开始时间，时长 3-600 秒'],
      [{ start: 0, end: 700 }, '剪辑区间无效：结束时间需晚于开始时间，时长 3-600 秒'],
      [{ start: 10, end: 30 }, '剪辑区间超出了回放时长（20 秒）'],
      [{ start: 'abc' }, '参数 start 无效：请填写秒数或“分:秒”，如 75 或 1:15'],
      [{ end: '1:75' }, '参数 end 无效：请填写秒数或“分:秒”，如 75 或 1:15'],
      [{ start: -1 }, '参数 start 无效：请填写秒数或“分:秒”，如 75 或 1:15'],
      [{ price: 589 }, '参数 price 无效：价格需为0-588球钻的整数'],
      [{ price: -1 }, '参数 price 无效：价格需为0-588球钻的整数'],
      [{ price: 1.5 }, '参数 price 无效：价格需为0-588球钻的整数'],
      [{ title: '短' }, '参数 title 无效：标题需为4-40个字'],
      [{ title: '长'.repeat(41) }, '参数 title 无效：标题需为4-40个字'],
      [{ sport: 3 }, '参数 sport 无效：请选择足球或篮球'],
      [{ sessionId: 99_999_999 }, '回放不存在'],
    ];
    for (const [extra, msg] of cases) {
      const res = await b.post('/inform/movie/cut', clip(extra), { token: anchor.token });
      expect(res.msg, JSON.stringify(extra)).toBe(msg);
      expect(res.code).not.toBe(200);
    }
    const top = await b.post('/inform/movie/cut', clip({ price: 588 }), { token: anchor.token });
    expect(top.code).toBe(200);
    await b.yl.cutter.idle();
    expect((await b.get('/inform/movie/mine', {}, { token: anchor.token })).data.length).toBe(before + 1);
  });

  it('says which replays cannot be cut: still live, an outside URL, a missing recording', async () => {
    const live = await b.replay(anchor, null, false);
    expect((await b.post('/inform/movie/cut', clip({ sessionId: live }), { token: anchor.token })).msg).toBe(
      '直播尚未结束，结束后才能剪辑回放',
    );
    const outside = await b.replay(anchor, 'https://cdn.example.com/record/abc.m3u8');
    expect(
      (await b.post('/inform/movie/cut', clip({ sessionId: outside }), { token: anchor.token })).msg,
    ).toBe('该回放暂不支持剪辑');
    const missing = await b.replay(anchor);
    await b.app.db.execute(
      `update live_sessions set replay_url = '/media/replays/${missing}/index.m3u8' where id = ${missing}` as never,
    );
    expect(
      (await b.post('/inform/movie/cut', clip({ sessionId: missing }), { token: anchor.token })).msg,
    ).toBe('回放文件不存在，暂时无法剪辑');
  });

  it('cuts a real recording under DATA_DIR/media/replays, and marks a cut that ffmpeg cannot read 失败', async () => {
    const good = await b.replay(anchor, null);
    const url = await b.recording(good);
    await b.app.db.execute(`update live_sessions set replay_url = '${url}' where id = ${good}` as never);
    const ok = await b.cut(anchor.token, clip({ sessionId: good, start: 4, end: 10 }));
    expect(ok.row).toMatchObject({ state: 'ready' });
    expect(ok.row!.duration).toBeGreaterThanOrEqual(5.9);
    expect(ok.row!.duration).toBeLessThanOrEqual(8.1);

    const bad = await b.replay(anchor, null);
    const badUrl = await b.recording(bad, true);
    await b.app.db.execute(`update live_sessions set replay_url = '${badUrl}' where id = ${bad}` as never);
    const failed = await b.cut(anchor.token, clip({ sessionId: bad, start: 0, end: 8 }));
    expect(failed.res.code).toBe(200);
    expect(failed.row).toMatchObject({
      state: 'failed',
      failReason: '剪辑失败：视频处理出错，请换一个区间重试',
    });
    // Not listed, not open to others; its anchor sees it with the reason.
    expect((await b.get(`/inform/movie/detail/${failed.row!.id}`)).status).toBe(404);
    const own = await b.get(`/inform/movie/detail/${failed.row!.id}`, {}, { token: anchor.token });
    expect(own.data).toMatchObject({ state: 'failed', stateName: '失败', playUrl: null });
  });

  it('lists the replays the caller may cut: their own, and everyone’s for staff', async () => {
    const own = await b.get('/inform/movie/replays', {}, { token: anchor.token });
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.find((r: { id: number }) => r.id === sessionId)).toMatchObject({ seconds: 20 });
    const fan = await b.viewer();
    expect((await b.get('/inform/movie/replays', {}, { token: fan.token })).data).toEqual([]);
    const staff = await b.get('/inform/movie/replays', {}, { token: await b.editorToken() });
    expect(staff.data.some((r: { id: number }) => r.id === sessionId)).toBe(true);
  });
});
