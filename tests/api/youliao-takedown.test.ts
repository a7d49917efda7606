import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, opsLog } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { DEMO } from '../support/live.ts';
import { createYouliaoBench, type YouliaoBench } from '../support/youliao.ts';

describe.each(targets())('有料: staff take a clip down and put it back on $name', (target) => {
  let b: YouliaoBench;
  let anchor: Awaited<ReturnType<YouliaoBench['anchor']>>;
  let buyer: Awaited<ReturnType<YouliaoBench['viewer']>>;
  let paid: number;
  let free: number;
  let editor: string;

  beforeAll(async () => {
    b = await createYouliaoBench(target);
    anchor = await b.anchor();
    const sessionId = await b.replay(anchor);
    const cut = async (price: number, title: string) =>
      (await b.cut(anchor.token, { sessionId, start: 0, end: 8, title, price })).row!.id;
    paid = await cut(20, '下架测试付费片段');
    free = await cut(0, '下架测试免费片段');
    buyer = await b.viewer({ diamonds: 100 });
    await b.post('/inform/movie/pay', { movieId: paid }, { token: buyer.token });
    editor = await b.editorToken();
  }, 120_000);
  afterAll(() => b.close());
  afterEach(() => vi.useRealTimers());

  const listed = async () =>
    (await b.get('/inform/movie/list', { sort: 'new' })).data.list.map((c: { id: number }) => c.id);
  const logOf = (action: string, id: number) =>
    b.app.db
      .select()
      .from(opsLog)
      .where(and(eq(opsLog.action, action), eq(opsLog.targetId, String(id))));

  it('refuses everyone but editors and admins', async () => {
    const fan = await b.viewer();
    for (const token of [fan.token, anchor.token, buyer.token, await b.operatorToken()])
      expect(
        await b.post('/inform/movie/takedown', { movieId: paid, reason: '违规' }, { token }),
      ).toMatchObject({ status: 403, msg: '仅编辑可以执行此操作' });
    expect((await b.post('/inform/movie/takedown', { movieId: paid, reason: '违规' })).status).toBe(401);
    expect((await b.post('/inform/movie/restore', { movieId: paid }, { token: fan.token })).status).toBe(403);
    expect(await listed()).toContain(paid);
  });

  it('takes a paid clip out of the lists and away from non-buyers; its buyer keeps watching', async () => {
    expect(
      await b.post('/inform/movie/takedown', { movieId: paid, reason: ' ' }, { token: editor }),
    ).toMatchObject({ status: 400, msg: '请填写下架原因（1-100个字）' });
    const down = await b.post(
      '/inform/movie/takedown',
      { movieId: paid, reason: '画面侵权' },
      { token: editor },
    );
    expect(down).toMatchObject({ code: 200, data: { id: paid, takenDown: true } });
    expect(
      (await b.post('/inform/movie/takedown', { movieId: paid, reason: '再来' }, { token: editor })).msg,
    ).toBe('该有料已经下架');
    const [entry] = await logOf('youliao.clip.takedown', paid);
    expect(entry).toMatchObject({
      actorId: await b.idOf(DEMO.editor),
      targetType: 'youliao_clip',
      reason: '画面侵权',
    });
    const told = await b.app.db.select().from(notifications).where(eq(notifications.userId, anchor.id));
    expect(told.map((n) => n.title)).toContain('你的有料《下架测试付费片段》已被下架');

    expect(await listed()).not.toContain(paid);
    const stranger = await b.viewer({ diamonds: 100 });
    for (const token of [undefined, stranger.token])
      expect(await b.get(`/inform/movie/detail/${paid}`, {}, { token })).toMatchObject({
        status: 404,
        msg: '该有料已下架',
      });
    const media = `/svc/inform/movie/media/${paid}`;
    expect((await b.fetchRaw(`${media}/index.m3u8`, stranger.token)).status).toBe(404);
    expect((await b.fetchRaw(`${media}/poster.jpg`)).status).toBe(404);
    expect(await b.post('/inform/movie/pay', { movieId: paid }, { token: stranger.token })).toMatchObject({
      status: 400,
      msg: '该有料已下架，不能购买',
    });
    expect((await b.wallet.ledger.balances(stranger.id)).balance).toBe(100);

    const mine = await b.get(`/inform/movie/detail/${paid}`, {}, { token: buyer.token });
    expect(mine.data).toMatchObject({ bought: true, unlocked: true, takenDown: true });
    expect((await b.fetchRaw(mine.data.playUrl)).status).toBe(200);
    const bought = await b.get('/inform/movie/purchased', {}, { token: buyer.token });
    expect(bought.data.list.map((c: { id: number }) => c.id)).toEqual([paid]);
    // Its anchor still sees it, marked.
    expect((await b.get(`/inform/movie/detail/${paid}`, {}, { token: anchor.token })).data.takenDown).toBe(
      true,
    );
  });

  it('closes a free clip taken down by an admin to everyone without a part in it', async () => {
    const admin = await b.tokenOf(DEMO.admin);
    expect(
      await b.post('/inform/movie/takedown', { movieId: free, reason: '内容不当' }, { token: admin }),
    ).toMatchObject({ code: 200 });
    expect((await b.get(`/inform/movie/detail/${free}`)).status).toBe(404);
    expect((await b.fetchRaw(`/svc/inform/movie/media/${free}/index.m3u8`)).status).toBe(404);
    expect((await b.fetchRaw(`/svc/inform/movie/media/${free}/seg000.ts`)).status).toBe(404);
  });

  it('puts a clip back: listed and sold again', async () => {
    expect(await b.post('/inform/movie/restore', { movieId: paid }, { token: editor })).toMatchObject({
      code: 200,
      data: { id: paid, takenDown: false },
    });
    expect((await b.post('/inform/movie/restore', { movieId: paid }, { token: editor })).msg).toBe(
      '该有料没有下架',
    );
    expect(await logOf('youliao.clip.restore', paid)).toHaveLength(1);
    expect(await listed()).toContain(paid);
    const fan = await b.viewer({ diamonds: 100 });
    expect((await b.get(`/inform/movie/detail/${paid}`, {}, { token: fan.token })).data).toMatchObject({
      takenDown: false,
      unlocked: false,
    });
    expect((await b.post('/inform/movie/pay', { movieId: paid }, { token: fan.token })).code).toBe(200);
  });

  it('checks a signed play URL at every request: a take-down stops it at once but for those who may still watch, and it lasts minutes', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const sessionId = await b.replay(anchor);
    const clip = (
      await b.cut(anchor.token, { sessionId, start: 0, end: 8, title: '签名测试付费片段', price: 20 })
    ).row!.id;
    const fan = await b.viewer({ diamonds: 100 });
    expect((await b.post('/inform/movie/pay', { movieId: clip }, { token: fan.token })).code).toBe(200);
    const fanUrl = (await b.get(`/inform/movie/detail/${clip}`, {}, { token: fan.token })).data.playUrl;
    // A URL signed for someone with no lasting right to the clip (one that leaked, say).
    const stranger = await b.viewer();
    const strangerUrl = b.yl.access.playUrl(clip, true, stranger.id);
    expect((await b.fetchRaw(strangerUrl)).status).toBe(200);

    expect(
      (await b.post('/inform/movie/takedown', { movieId: clip, reason: '画面侵权' }, { token: editor })).code,
    ).toBe(200);
    expect(await b.fetchRaw(strangerUrl)).toMatchObject({ status: 404 });
    const segment = `/svc/inform/movie/media/${clip}/seg000.ts?${strangerUrl.split('?')[1]}`;
    expect((await b.fetchRaw(segment)).status).toBe(404);
    expect((await b.fetchRaw(fanUrl)).status).toBe(200); // a buyer keeps watching

    // Minutes, not hours: past ten the URL is refused and the detail call gives a fresh one.
    vi.setSystemTime(start + 9 * 60_000);
    expect((await b.fetchRaw(fanUrl)).status).toBe(200);
    vi.setSystemTime(start + 10 * 60_000 + 1_000);
    // Without a valid signature the taken-down clip is 404 该有料已下架 to the anonymous request.
    expect((await b.fetchRaw(fanUrl)).status).toBe(404);
    const fresh = (await b.get(`/inform/movie/detail/${clip}`, {}, { token: fan.token })).data.playUrl;
    expect(fresh).not.toBe(fanUrl);
    expect((await b.fetchRaw(fresh)).status).toBe(200);
  });
});
