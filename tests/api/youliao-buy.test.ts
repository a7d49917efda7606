import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { tradeRecords, youliaoClips, youliaoPurchases } from '../../src/server/db/schema/index.ts';
import { DEMO_CLIPS } from '../../src/server/seed/youliao.ts';
import { targets } from '../support/context.ts';
import { createYouliaoBench, type YouliaoBench } from '../support/youliao.ts';

describe.each(targets())('有料: buying and watching on $name', (target) => {
  let b: YouliaoBench;
  let anchor: Awaited<ReturnType<YouliaoBench['anchor']>>;
  let paid: number;
  let free: number;
  const trades = (userId: number) =>
    b.app.db.select().from(tradeRecords).where(eq(tradeRecords.userId, userId));

  beforeAll(async () => {
    b = await createYouliaoBench(target);
    anchor = await b.anchor();
    const sessionId = await b.replay(anchor);
    const cut = async (price: number, title: string) =>
      (await b.cut(anchor.token, { sessionId, start: 0, end: 8, title, price })).row!.id;
    paid = await cut(20, '付费测试信号片段');
    free = await cut(0, '免费测试信号片段');
  }, 120_000);
  afterAll(() => b.close());

  it('charges once when a fan buys the same clip 20 times at once; the anchor earns 70% in 球票 once', async () => {
    const fan = await b.viewer({ diamonds: 100 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => b.post('/inform/movie/pay', { movieId: paid }, { token: fan.token })),
    );
    expect(replies.every((r) => r.code === 200)).toBe(true);
    expect(replies.filter((r) => !r.data.already)).toHaveLength(1);
    expect(replies.every((r) => r.data.balance === 80)).toBe(true);
    expect((await b.wallet.ledger.balances(fan.id)).balance).toBe(80);
    const out = (await trades(fan.id)).filter((t) => t.type === TRADE_TYPE.planPurchase);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ amount: -20, currency: 'diamond', note: '有料：付费测试信号片段' });
    const income = (await trades(anchor.id)).filter((t) => t.type === TRADE_TYPE.prizePayout);
    expect(income).toHaveLength(1);
    expect(income[0]).toMatchObject({ amount: 14, currency: 'ticket', note: '有料收益：付费测试信号片段' });
    const [row] = await b.app.db.select().from(youliaoClips).where(eq(youliaoClips.id, paid));
    expect(row.sold).toBe(1);
    const bought = await b.app.db
      .select()
      .from(youliaoPurchases)
      .where(and(eq(youliaoPurchases.clipId, paid), eq(youliaoPurchases.userId, fan.id)));
    expect(bought).toHaveLength(1);
    expect(bought[0].tradeId).toBe(out[0].id);
    const list = await b.get('/inform/movie/purchased', {}, { token: fan.token });
    expect(list.data.list.map((c: { id: number; paid: number }) => [c.id, c.paid])).toEqual([[paid, 20]]);
  });

  it('refuses a fan short of 球钻 (10020, offer to recharge) and charges nothing', async () => {
    const poor = await b.viewer({ diamonds: 19 });
    const res = await b.post('/inform/movie/pay', { movieId: paid }, { token: poor.token });
    expect(res).toMatchObject({ code: 10020, msg: '球钻余额不足，请先充值' });
    expect((await b.wallet.ledger.balances(poor.id)).balance).toBe(19);
    expect(await b.app.db.$count(youliaoPurchases, eq(youliaoPurchases.userId, poor.id))).toBe(0);
    const [row] = await b.app.db.select().from(youliaoClips).where(eq(youliaoClips.id, paid));
    expect(row.sold).toBe(1);
  });

  it('refuses buying a free clip, one’s own clip, an unknown clip, and asks for a login', async () => {
    const fan = await b.viewer({ diamonds: 100 });
    expect((await b.post('/inform/movie/pay', { movieId: free }, { token: fan.token })).msg).toBe(
      '免费有料无需购买',
    );
    expect((await b.post('/inform/movie/pay', { movieId: paid }, { token: anchor.token })).msg).toBe(
      '不能购买自己的有料',
    );
    expect(await b.post('/inform/movie/pay', { movieId: 99_999_999 }, { token: fan.token })).toMatchObject({
      status: 404,
      msg: '有料不存在',
    });
    expect((await b.post('/inform/movie/pay', { movieId: 'x' }, { token: fan.token })).msg).toMatch(
      /^参数 movieId 无效/,
    );
    expect((await b.post('/inform/movie/pay', { movieId: paid })).status).toBe(401);
    expect((await b.wallet.ledger.balances(fan.id)).balance).toBe(100);
  });

  it('keeps a paid clip’s playlist and segments from a non-buyer, and serves them to a buyer by signed URL', async () => {
    const media = `/svc/inform/movie/media/${paid}`;
    const stranger = await b.viewer({ diamonds: 100 });
    const locked = await b.get(`/inform/movie/detail/${paid}`, {}, { token: stranger.token });
    expect(locked.data).toMatchObject({ unlocked: false, bought: false, playUrl: null, price: 20 });
    for (const path of [`${media}/index.m3u8`, `${media}/seg000.ts`]) {
      expect((await b.fetchRaw(path)).status).toBe(403);
      expect((await b.fetchRaw(path, stranger.token)).status).toBe(403);
    }
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.${stranger.id}.${'A'.repeat(43)}`;
    expect((await b.fetchRaw(`${media}/index.m3u8?t=${forged}`)).status).toBe(403);
    const expired = b.yl.access.playUrl(paid, true, stranger.id, Date.now() - 4 * 3600_000);
    expect((await b.fetchRaw(expired)).status).toBe(403);
    // Another clip's signature opens nothing here.
    const elsewhere = b.yl.access.playUrl(free, true, stranger.id).split('?')[1];
    expect((await b.fetchRaw(`${media}/index.m3u8?${elsewhere}`)).status).toBe(403);
    expect((await b.fetchRaw(`${media}/poster.jpg`)).status).toBe(200);

    await b.post('/inform/movie/pay', { movieId: paid }, { token: stranger.token });
    const open = await b.get(`/inform/movie/detail/${paid}`, {}, { token: stranger.token });
    expect(open.data).toMatchObject({ unlocked: true, bought: true });
    const playlist = await b.fetchRaw(open.data.playUrl);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('cache-control')).toBe('private, no-store');
    const text = await playlist.text();
    const segment = text.split('\n').find((l) => l.startsWith('seg'))!;
    expect(segment).toMatch(/^seg000\.ts\?t=/);
    const seg = await b.fetchRaw(`${media}/${segment}`);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('content-type')).toBe('video/mp2t');
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    // The anchor and staff watch without buying.
    expect(
      (await b.get(`/inform/movie/detail/${paid}`, {}, { token: anchor.token })).data.playUrl,
    ).toBeTruthy();
    expect((await b.fetchRaw(`${media}/index.m3u8`, await b.editorToken())).status).toBe(200);
    expect((await b.fetchRaw(`${media}/../../x`)).status).toBe(404);
    expect((await b.fetchRaw(`${media}/secret.txt`, anchor.token)).status).toBe(404);
  });

  it('opens a free clip to everyone, logged in or not', async () => {
    const detail = await b.get(`/inform/movie/detail/${free}`);
    expect(detail.data).toMatchObject({ free: true, unlocked: true });
    expect(detail.data.playUrl).toBe(`/svc/inform/movie/media/${free}/index.m3u8`);
    const playlist = await b.fetchRaw(detail.data.playUrl);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXT-X-ENDLIST');
    expect((await b.fetchRaw(`/svc/inform/movie/media/${free}/seg000.ts`)).status).toBe(200);
  });

  it('lists newest and hottest, and marks what the caller bought', async () => {
    const fan = await b.viewer({ diamonds: 100 });
    await b.post('/inform/movie/pay', { movieId: paid }, { token: fan.token });
    const newest = await b.get('/inform/movie/list', { sort: 'new' }, { token: fan.token });
    expect(newest.data.list.map((c: { id: number }) => c.id).slice(0, 2)).toEqual([free, paid]);
    expect(newest.data.list.find((c: { id: number }) => c.id === paid).bought).toBe(true);
    const hottest = await b.get('/inform/movie/list', { sort: 'hot' });
    expect(hottest.data.list[0].id).toBe(paid);
    expect(hottest.data.total).toBe(2 + DEMO_CLIPS.length);
  });
});
