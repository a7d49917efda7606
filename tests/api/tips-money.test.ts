import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FB } from '../../src/lib/vocab/match-states.ts';
import { matches, tipPlans } from '../../src/server/db/schema/index.ts';
import { planHash } from '../../src/server/services/tips/hash.ts';
import { startTipsJobs } from '../../src/server/services/tips/jobs.ts';
import { targets } from '../support/context.ts';
import { createTipsBench, type TipsBench } from '../support/tips.ts';

describe.each(targets())('锦囊 money on $name', (target) => {
  let b: TipsBench;
  beforeAll(async () => {
    b = await createTipsBench(target);
  }, 180_000);
  afterAll(() => b.close());

  const balance = async (id: number) => (await b.app.services.wallet.ledger.balances(id)).balance;
  const settle = (matchId: number) => b.app.services.tips.settlement.settleMatch(matchId);

  it('sells a plan once per user: 50 parallel buys make one type-4 trade, the rest say 已购买', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch();
    const plan = (await b.publish(e.token, { matchId, price: 30 })).data;
    expect(plan).toMatchObject({ price: 30, unlocked: true, status: 'open', hashVerified: true });
    expect(plan.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const fan = await b.viewer({ diamonds: 100 });
    const locked = (await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: fan.token })).data;
    expect(locked).toMatchObject({ unlocked: false, analysis: null, pick: null });
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        b.post('/tj/recommend/buy', { planId: plan.id }, { token: fan.token }),
      ),
    );
    expect(replies.filter((r) => r.code === 200)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.code !== 200).map((r) => r.msg))).toEqual(
      new Set(['您已购买过该方案']),
    );
    expect(await b.trades(fan.id, 4)).toHaveLength(1);
    expect(await balance(fan.id)).toBe(70);
    const open = (await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: fan.token })).data;
    expect(open).toMatchObject({ unlocked: true, bought: true, pick: 'home', odds: 0.92, line: 0.25 });
    expect(open.analysis).toContain('主队近期状态火热');
    const mine = (await b.get('/tj/recommend/purchased', {}, { token: fan.token })).data;
    expect(mine.list.map((p: { id: number }) => p.id)).toEqual([plan.id]);
  });

  it('commits to a locked pick with a secret salt, revealed to buyers and at settlement for anyone to check', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch();
    const plan = (await b.publish(e.token, { matchId, price: 30 })).data;
    const fan = await b.viewer({ diamonds: 100 });
    const locked = (await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: fan.token })).data;
    // Even knowing everything else (line, odds and analysis too, read here from the row), hashing
    // each possible pick must not find the one behind the public hash.
    const [row] = await b.app.db.select().from(tipPlans).where(eq(tipPlans.id, plan.id));
    for (const pick of ['home', 'draw', 'away', 'over', 'under'])
      expect(planHash({ ...row, pick, hashSalt: null }), pick).not.toBe(locked.contentHash);
    expect(locked).toMatchObject({ unlocked: false, pick: null, hashSalt: null });
    expect(row.hashSalt).toMatch(/^[0-9a-f]{32}$/);

    expect((await b.post('/tj/recommend/buy', { planId: plan.id }, { token: fan.token })).code).toBe(200);
    const bought = (await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: fan.token })).data;
    expect(bought).toMatchObject({ unlocked: true, hashSalt: row.hashSalt });

    // Settled: anyone sees the salt with the pick and recomputes the hash from the page alone.
    await b.finish(matchId, 2, 0);
    await settle(matchId);
    const open = (await b.get(`/tj/recommend/detail/${plan.id}`)).data;
    expect(open).toMatchObject({ status: 'settled', unlocked: true, hashVerified: true });
    const recomputed = planHash({
      expertId: open.expert.userId,
      matchId: open.match.id,
      play: open.play,
      line: open.line,
      pick: open.pick,
      odds: open.odds,
      title: open.title,
      analysis: open.analysis,
      price: open.price,
      refundOnLoss: open.refundOnLoss,
      publishedAt: new Date(open.publishedAt),
      hashSalt: open.hashSalt,
    });
    expect(recomputed).toBe(open.contentHash);
    expect(open.contentHash).toBe(locked.contentHash);
  });

  it('refuses a short wallet with 10020 and charges nothing; refuses own, free and unknown plans', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch();
    const plan = (await b.publish(e.token, { matchId, price: 50 })).data;
    const poor = await b.viewer({ diamonds: 20 });
    expect(await b.post('/tj/recommend/buy', { planId: plan.id }, { token: poor.token })).toMatchObject({
      code: 10020,
      msg: '球钻余额不足，请先充值',
    });
    expect(await balance(poor.id)).toBe(20);
    expect(await b.trades(poor.id, 4)).toHaveLength(0);
    // The refusal rolled back the sale count too.
    expect((await b.app.db.select().from(tipPlans).where(eq(tipPlans.id, plan.id)))[0].sold).toBe(0);
    expect(await b.post('/tj/recommend/buy', { planId: plan.id }, { token: e.token })).toMatchObject({
      code: 400,
      msg: '不能购买自己的方案',
    });
    const free = (await b.publish(e.token, { matchId, play: 'ou', pick: 'over', price: 0 })).data;
    expect(free).toMatchObject({ price: 0, refundOnLoss: false });
    expect(await b.post('/tj/recommend/buy', { planId: free.id }, { token: poor.token })).toMatchObject({
      msg: '免费方案无需购买',
    });
    expect((await b.get(`/tj/recommend/detail/${free.id}`)).data.unlocked).toBe(true);
    expect(await b.post('/tj/recommend/buy', { planId: 999999 }, { token: poor.token })).toMatchObject({
      status: 404,
      msg: '方案不存在',
    });
    expect(await b.post('/tj/recommend/buy', { planId: 'x' }, { token: poor.token })).toMatchObject({
      status: 400,
    });
    expect(await b.post('/tj/recommend/buy', { planId: plan.id })).toMatchObject({ status: 401 });
  });

  it('stops sales at kick-off', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch();
    const plan = (await b.publish(e.token, { matchId })).data;
    await b.app.db
      .update(matches)
      .set({ kickoffAt: new Date(Date.now() - 60_000) })
      .where(eq(matches.id, matchId));
    const fan = await b.viewer({ diamonds: 100 });
    expect(await b.post('/tj/recommend/buy', { planId: plan.id }, { token: fan.token })).toMatchObject({
      msg: '比赛已开赛，方案已停售',
    });
    expect(await balance(fan.id)).toBe(100);
  });

  it('不中退: a loss refunds every buyer exactly once, under a doubled and a concurrent run', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch(0.5);
    const plan = (await b.publish(e.token, { matchId, price: 40, refundOnLoss: 1 })).data;
    const fans = await Promise.all([1, 2, 3].map(() => b.viewer({ diamonds: 100 })));
    for (const f of fans) await b.post('/tj/recommend/buy', { planId: plan.id }, { token: f.token });
    await b.finish(matchId, 0, 0);
    const runs = await Promise.all([settle(matchId), settle(matchId), settle(matchId)]);
    expect(runs.reduce((a, n) => a + n, 0)).toBe(1);
    expect(await settle(matchId)).toBe(0);
    expect(await b.app.services.tips.settlement.sweep()).toBe(0);
    for (const f of fans) {
      expect(await b.trades(f.id, 6)).toHaveLength(1);
      expect(await balance(f.id)).toBe(100);
    }
    // A refunded sale earns the expert nothing.
    expect(await b.trades(e.id, 5)).toHaveLength(0);
    const seen = (await b.get(`/tj/recommend/detail/${plan.id}`)).data;
    expect(seen).toMatchObject({
      status: 'settled',
      result: 'lose',
      resultName: '黑',
      settledScore: '0-0',
      unlocked: true,
    });
    // Read back later (a reload), each buyer is told of the refund in the words of the socket
    // notice; a reader who did not buy, or nobody signed in, is told nothing.
    const told = '方案未中（黑），按不中退已退还 40 球钻';
    for (const f of fans) {
      const mine = (await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: f.token })).data;
      expect(mine).toMatchObject({ bought: true, refunded: 40, refundNotice: told });
      const bought = (
        await b.get('/tj/recommend/purchased', { pageNum: 1, pageSize: 20 }, { token: f.token })
      ).data.list;
      expect(bought.find((p: { id: number }) => p.id === plan.id)).toMatchObject({ refundNotice: told });
    }
    const other = await b.viewer({ diamonds: 10 });
    expect((await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: other.token })).data).toMatchObject({
      bought: false,
      refunded: 0,
      refundNotice: null,
    });
    expect(seen).toMatchObject({ refunded: 0, refundNotice: null });
  });

  it('a win pays the expert 70% in 球票 once and refunds nobody; records count it', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch(0.75);
    const plan = (await b.publish(e.token, { matchId, price: 20, refundOnLoss: 1 })).data;
    const fans = await Promise.all([1, 2].map(() => b.viewer({ diamonds: 50 })));
    for (const f of fans) await b.post('/tj/recommend/buy', { planId: plan.id }, { token: f.token });
    await b.finish(matchId, 1, 0);
    await Promise.all([settle(matchId), settle(matchId)]);
    const income = await b.trades(e.id, 5);
    expect(income.map((t) => [t.amount, t.currency])).toEqual([[28, 'ticket']]);
    for (const f of fans) expect(await b.trades(f.id, 6)).toHaveLength(0);
    expect((await b.get(`/tj/recommend/detail/${plan.id}`)).data).toMatchObject({
      result: 'half_win',
      resultName: '赢半',
    });
    const card = (await b.get(`/tj/expert/detail/${e.id}`)).data;
    expect(card.record).toMatchObject({
      total: 1,
      hits: 1,
      hitRate: 100,
      currentStreak: 1,
      lastTen: ['red'],
    });
  });

  it('a cancelled match refunds every buyer, also on plans without 不中退', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch();
    const plan = (await b.publish(e.token, { matchId, price: 25, refundOnLoss: 0 })).data;
    const fan = await b.viewer({ diamonds: 25 });
    await b.post('/tj/recommend/buy', { planId: plan.id }, { token: fan.token });
    expect(await balance(fan.id)).toBe(0);
    await b.app.db.update(matches).set({ state: FB.cancelled }).where(eq(matches.id, matchId));
    await Promise.all([settle(matchId), b.app.services.tips.settlement.sweep()]);
    expect(await balance(fan.id)).toBe(25);
    expect(await b.trades(fan.id, 6)).toHaveLength(1);
    expect((await b.get(`/tj/recommend/detail/${plan.id}`)).data.status).toBe('void');
    expect((await b.get(`/tj/recommend/detail/${plan.id}`, {}, { token: fan.token })).data).toMatchObject({
      refunded: 25,
      refundNotice: '比赛未能正常进行，已退还 25 球钻',
    });
  });

  it('settles by itself when the feed moves the match to full time', async () => {
    const stop = startTipsJobs(b.app);
    try {
      const e = await b.expert();
      const matchId = await b.pricedMatch(0, 2.5);
      const plan = (await b.publish(e.token, { matchId, play: 'ou', pick: 'under', price: 10 })).data;
      const at = new Date();
      await b.app.services.sports.feed.updateScore(matchId, { at, score: [2, 1], ft: [2, 1] });
      await b.app.services.sports.feed.changeState(matchId, { state: FB.fullTime, at });
      await expect
        .poll(async () => (await b.get(`/tj/recommend/detail/${plan.id}`)).data.result, { timeout: 5000 })
        .toBe('lose');
    } finally {
      await stop();
    }
  });
});
