import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, opsLog, users } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { DEMO, insertMatch } from '../support/live.ts';
import { createTipsBench, type TipsBench } from '../support/tips.ts';

describe.each(targets())('锦囊 plans and experts on $name', (target) => {
  let b: TipsBench;
  beforeAll(async () => {
    b = await createTipsBench(target);
  }, 180_000);
  afterAll(() => b.close());

  it('refuses every bad plan with a Chinese message naming the problem', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch();
    const refused = async (body: Record<string, unknown>, msg: string, status = 400, token = e.token) =>
      expect(await b.publish(token, { matchId, ...body })).toMatchObject({ status, msg });
    await refused({ price: 589 }, '参数 price 无效：价格需为0-588球钻的整数');
    await refused({ price: -1 }, '参数 price 无效：价格需为0-588球钻的整数');
    await refused({ price: '1.5' }, '参数 price 无效：价格需为0-588球钻的整数');
    await refused({ play: 'jackpot' }, '参数 play 无效：请选择玩法');
    await refused({ pick: 'maybe' }, '参数 pick 无效：请选择推荐选项');
    await refused({ play: 'ou', pick: 'home' }, '请选择推荐选项');
    await refused({ title: '好' }, '参数 title 无效：标题需为4-40个字');
    await refused({ analysis: '太短了' }, '参数 analysis 无效：分析需为20-3000个字');
    await refused({ matchId: 99999999 }, '比赛不存在', 404);
    const fan = await b.viewer();
    await refused({}, '仅认证专家可以发布方案', 403, fan.token);
    expect(await b.publish('', { matchId })).toMatchObject({ status: 401 });
    // Kick-off passed (by the clock), under way, finished.
    const late = await b.pricedMatch();
    await b.app.db
      .update(matches)
      .set({ kickoffAt: new Date(Date.now() - 1000) })
      .where(eq(matches.id, late));
    await refused({ matchId: late }, '比赛已开赛，方案发布已截止');
    const live = await b.pricedMatch();
    await b.app.db.update(matches).set({ state: 2 }).where(eq(matches.id, live));
    await refused({ matchId: live }, '比赛已开赛，方案发布已截止');
    const done = await b.pricedMatch();
    await b.finish(done, 1, 0);
    await refused({ matchId: done }, '比赛已结束，不能发布方案');
    // A play the match has no price for.
    await refused({ matchId: await insertMatch(b.app.db) }, '该比赛暂无此玩法的赔率，请换一种玩法');
    await b.publish(e.token, { matchId, play: 'asia' });
    await refused({ play: 'asia', pick: 'away' }, '您已在这场比赛发布过该玩法的方案');
    await refused(
      { play: 'spf', pick: 'draw', refundOnLoss: 'maybe' },
      '参数 refundOnLoss 无效：不中退只能选择是或否',
    );
  });

  it('stores the odds and line of the moment, with a hash, and offers each play with prices', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch(-0.75, 3);
    const options = (await b.get('/tj/match/plays', { matchId })).data;
    expect(options.open).toBe(true);
    expect(options.plays.map((p: { play: string }) => p.play)).toEqual(['spf', 'rqspf', 'asia', 'ou']);
    // Home receives 3/4 of a goal, so the away side gives it: each pick in its own side's words.
    const asia = options.plays.find((p: { play: string }) => p.play === 'asia');
    expect(asia.picks.map((k: { name: string }) => k.name)).toEqual(['主队 受让半/一', '客队 让半/一']);
    const rq = (await b.publish(e.token, { matchId, play: 'rqspf', pick: 'draw' })).data;
    expect(rq).toMatchObject({ line: 1, odds: 3.5, pickName: '让平(-1)', playName: '让球胜平负' });
    const ah = (await b.publish(e.token, { matchId, play: 'asia', pick: 'away' })).data;
    expect(ah).toMatchObject({ line: -0.75, odds: 0.94, pickName: '客队 让半/一' });
    const list = (await b.get('/tj/match/list')).data;
    expect(list.find((m: { id: number }) => m.id === matchId)).toMatchObject({ plans: 2, home: '红队' });
  });

  it('reads 不中退 from a JSON boolean as well as from a form field', async () => {
    const e = await b.expert();
    const matchId = await b.pricedMatch();
    const body = (play: string, pick: string, refundOnLoss: boolean) => ({
      matchId,
      play,
      pick,
      title: `JSON客户端发布的${play}方案`,
      analysis: '主队近期状态火热，主场五连胜，客队伤病较多，防线不稳，本场看好主队。',
      price: 20,
      refundOnLoss,
    });
    const on = await b.post('/tj/recommend/publish', body('asia', 'home', true), {
      token: e.token,
      json: true,
    });
    expect(on.data).toMatchObject({ refundOnLoss: true });
    const off = await b.post('/tj/recommend/publish', body('ou', 'over', false), {
      token: e.token,
      json: true,
    });
    expect(off.data).toMatchObject({ refundOnLoss: false });
  });

  it('withdraws only an unsold open plan of its own expert', async () => {
    const e = await b.expert();
    const other = await b.expert();
    const matchId = await b.pricedMatch();
    const a = (await b.publish(e.token, { matchId, play: 'asia' })).data;
    const c = (await b.publish(e.token, { matchId, play: 'ou', pick: 'over' })).data;
    expect(await b.post('/tj/recommend/withdraw', { planId: a.id }, { token: other.token })).toMatchObject({
      status: 403,
      msg: '只能撤回自己的方案',
    });
    const fan = await b.viewer({ diamonds: 100 });
    await b.post('/tj/recommend/buy', { planId: c.id }, { token: fan.token });
    expect(await b.post('/tj/recommend/withdraw', { planId: c.id }, { token: e.token })).toMatchObject({
      msg: '方案已有人购买，不能撤回',
    });
    expect((await b.post('/tj/recommend/withdraw', { planId: a.id }, { token: e.token })).data.status).toBe(
      'withdrawn',
    );
    expect(await b.post('/tj/recommend/withdraw', { planId: a.id }, { token: e.token })).toMatchObject({
      msg: '只能撤回在售的方案',
    });
    expect(await b.post('/tj/recommend/buy', { planId: a.id }, { token: fan.token })).toMatchObject({
      msg: '方案已停售',
    });
    // The expert's own history keeps the withdrawn plan; public lists do not show it.
    const own = (await b.get('/tj/recommend/records', {}, { token: e.token })).data.list;
    expect(own.map((p: { status: string }) => p.status).sort()).toEqual(['open', 'withdrawn']);
    const pub = (await b.get('/tj/recommend/list', { expertId: e.id })).data.list;
    expect(pub).toHaveLength(2);
    const byMatch = (await b.get('/tj/recommend/list', { matchId })).data.list;
    expect(byMatch.map((p: { id: number }) => p.id)).toEqual([c.id]);
  });

  it('puts on sale (在售) only plans on matches not started, before any settlement has run', async () => {
    // A fresh demo writes plans on finished matches and settles them a moment later; a match may
    // also pass its kick-off before the feed moves it. Neither is for sale in between.
    const e = await b.expert();
    const ahead = await b.pricedMatch();
    const kickedOff = await b.pricedMatch();
    const finished = await b.pricedMatch();
    const plans = [];
    for (const matchId of [ahead, kickedOff, finished])
      plans.push((await b.publish(e.token, { matchId })).data);
    await b.app.db
      .update(matches)
      .set({ kickoffAt: new Date(b.app.services.sports.clock.now() - 60_000) })
      .where(eq(matches.id, kickedOff));
    await b.finish(finished, 2, 0);
    const onSale = (await b.get('/tj/recommend/list', { expertId: e.id, status: 'open' })).data;
    expect(onSale.list.map((p: { id: number }) => p.id)).toEqual([plans[0].id]);
    expect(onSale.total).toBe(1);
    const hot = await b.app.services.tips.queries.plans({ status: 'open', pageNum: 1, pageSize: 50 }, null);
    expect(hot.list.map((p) => p.match.id)).not.toContain(finished);
    const shown = async (id: number) => (await b.get(`/tj/recommend/detail/${id}`)).data;
    expect(await shown(plans[0].id)).toMatchObject({ status: 'open', statusName: '在售', onSale: true });
    for (const p of plans.slice(1))
      expect(await shown(p.id)).toMatchObject({
        status: 'open',
        statusName: '已停售，待结算',
        onSale: false,
      });
    const card = (await b.get('/tj/expert/list')).data.find((c: { userId: number }) => c.userId === e.id);
    expect(card.openPlans).toBe(1);
  });

  it('keeps one lucky pick off the leaderboards (minimum plans)', async () => {
    const e = await b.expert();
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const m = await b.pricedMatch(0.5);
      ids.push(m);
      await b.publish(e.token, { matchId: m, price: 0 });
    }
    await b.finish(ids[0], 2, 0);
    await b.app.services.tips.settlement.settleMatch(ids[0]);
    const board = async () => (await b.get('/tj/expert/rank', { kind: 'streak', days: 7 })).data;
    expect(
      (await board()).list.find((r: { expert: { userId: number } }) => r.expert.userId === e.id),
    ).toBeUndefined();
    for (const m of ids.slice(1)) {
      await b.finish(m, 1, 0);
      await b.app.services.tips.settlement.settleMatch(m);
    }
    const row = (await board()).list.find((r: { expert: { userId: number } }) => r.expert.userId === e.id);
    expect(row).toMatchObject({ value: 3, plans: 3 });
    expect((await board()).minPlans).toBe(3);
  });

  it('lists only streaks of 3连红 or more on the 连红榜; the other boards keep the expert', async () => {
    const e = await b.expert();
    const board = async (kind: string) =>
      (await b.get('/tj/expert/rank', { kind, days: 7 })).data.list.find(
        (r: { expert: { userId: number } }) => r.expert.userId === e.id,
      );
    // Settled a minute apart, oldest first: 黑, 红, 红 (two in a row), then one more 红.
    const start = b.app.services.sports.clock.now() - 3600_000;
    const scores: [number, number][] = [
      [0, 1],
      [2, 0],
      [2, 0],
      [2, 0],
    ];
    for (const [i, [home, away]] of scores.entries()) {
      const m = await b.pricedMatch(0.5);
      await b.publish(e.token, { matchId: m, price: 0 });
      await b.finish(m, home, away);
      await b.app.services.tips.settlement.settleMatch(m, new Date(start + i * 60_000));
      if (i === 2) {
        expect(await board('streak')).toBeUndefined();
        expect(await board('hitRate')).toMatchObject({ plans: 3 });
      }
    }
    expect(await board('streak')).toMatchObject({ value: 3, plans: 4 });
    for (const r of (await b.get('/tj/expert/rank', { kind: 'streak', days: 30 })).data.list)
      expect(r.value).toBeGreaterThanOrEqual(3);
  });

  it('takes applications; only operators review them, each action logged; suspension refunds open plans', async () => {
    const u = await b.viewer({ diamonds: 0 });
    const form = {
      realName: '王小明',
      title: '英超观察员',
      intro: '十年英超观赛经验，专注盘口分析。',
      sampleRecord: '上赛季英超推荐120场，命中率58%。',
    };
    expect(await b.post('/tj/expert/apply', { ...form, realName: '' }, { token: u.token })).toMatchObject({
      msg: '参数 realName 无效：请填写真实姓名（2-20个字）',
    });
    const app = (await b.post('/tj/expert/apply', form, { token: u.token })).data;
    expect(app.status).toBe('pending');
    expect(await b.post('/tj/expert/apply', form, { token: u.token })).toMatchObject({
      msg: '您的申请正在审核中，请耐心等待',
    });
    expect(await b.post(`/tj/operator/applications/${app.id}/approve`, {}, { token: u.token })).toMatchObject(
      { status: 403 },
    );
    const op = await b.tokenOf(DEMO.operator);
    const pending = (await b.get('/tj/operator/applications', {}, { token: op })).data;
    expect(pending.map((r: { a: { id: number } }) => r.a.id)).toContain(app.id);
    // The console shows the applicant's phone masked, as its other views do.
    const mine = pending.find((r: { a: { id: number } }) => r.a.id === app.id);
    expect(mine.mobile).toBe(`${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}`);
    expect((await b.post(`/tj/operator/applications/${app.id}/approve`, {}, { token: op })).data.status).toBe(
      'approved',
    );
    expect(
      await b.post(`/tj/operator/applications/${app.id}/reject`, { reason: '重复处理' }, { token: op }),
    ).toMatchObject({
      msg: '该申请已处理',
    });
    expect((await b.app.db.select().from(users).where(eq(users.id, u.id)))[0].isExpert).toBe(1);
    expect((await b.post('/tj/expert/info', {}, { token: u.token })).data).toMatchObject({
      title: '英超观察员',
    });
    // The new expert publishes, a fan buys, staff suspend the expert: the fan gets the 球钻 back.
    const matchId = await b.pricedMatch();
    const plan = (await b.publish(u.token, { matchId, price: 15 })).data;
    const fan = await b.viewer({ diamonds: 15 });
    await b.post('/tj/recommend/buy', { planId: plan.id }, { token: fan.token });
    expect(await b.post(`/tj/operator/experts/${u.id}/suspend`, { reason: '' }, { token: op })).toMatchObject(
      {
        msg: '参数 reason 无效：请填写原因（2-200个字）',
      },
    );
    const done = (await b.post(`/tj/operator/experts/${u.id}/suspend`, { reason: '违规宣传' }, { token: op }))
      .data;
    expect(done).toMatchObject({ voided: 1 });
    expect((await b.app.services.wallet.ledger.balances(fan.id)).balance).toBe(15);
    expect(await b.publish(u.token, { matchId, play: 'ou', pick: 'over' })).toMatchObject({ status: 403 });
    const log = await b.app.db
      .select()
      .from(opsLog)
      .where(and(eq(opsLog.targetId, String(u.id)), eq(opsLog.action, 'expert.suspend')));
    expect(log).toHaveLength(1);
    expect(await b.app.db.select().from(opsLog).where(eq(opsLog.action, 'expert.approve'))).toHaveLength(1);
  });
});
