import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, predictions, tradeRecords } from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createTipsBench, type TipsBench } from '../support/tips.ts';

describe.each(targets())('竞猜 free predictions on $name', (target) => {
  let b: TipsBench;
  beforeAll(async () => {
    b = await createTipsBench(target);
  }, 180_000);
  afterAll(() => b.close());

  const pick = (token: string, body: Record<string, unknown>) =>
    b.post('/tj/prediction/pick', body, { token });
  const basketball = async () => {
    const id = await b.pricedMatch(0, 215.5);
    await b.app.db.update(matches).set({ sport: 2 }).where(eq(matches.id, id));
    return id;
  };

  it('refuses a visitor, a bad pick, a started or finished match, each in Chinese', async () => {
    const fan = await b.viewer();
    const matchId = await b.pricedMatch();
    expect(await pick('', { matchId, winner: 'home' })).toMatchObject({ status: 401 });
    expect(await pick(fan.token, { matchId, winner: 'maybe' })).toMatchObject({
      status: 400,
      msg: '参数 winner 无效：请选择胜负',
    });
    expect(await pick(fan.token, { matchId, winner: 'home', total: 'over' })).toMatchObject({
      msg: '足球竞猜只有胜平负',
    });
    expect(await pick(fan.token, { matchId: 99999999, winner: 'home' })).toMatchObject({
      status: 404,
      msg: '比赛不存在',
    });
    const hoop = await basketball();
    expect(await pick(fan.token, { matchId: hoop, winner: 'draw' })).toMatchObject({ msg: '请选择胜负' });
    // Kick-off passed by the clock though the feed has not moved the state yet.
    const late = await b.pricedMatch();
    await b.app.db
      .update(matches)
      .set({ kickoffAt: new Date(Date.now() - 1000) })
      .where(eq(matches.id, late));
    expect(await pick(fan.token, { matchId: late, winner: 'home' })).toMatchObject({
      msg: '比赛已开赛，竞猜已截止',
    });
    const done = await b.pricedMatch();
    await b.finish(done, 2, 0);
    expect(await pick(fan.token, { matchId: done, winner: 'home' })).toMatchObject({
      msg: '比赛已结束，竞猜已截止',
    });
  });

  it('shows the split only to a fan who picked until kick-off, then to everyone; a change replaces the pick', async () => {
    const matchId = await b.pricedMatch();
    const [a, c, d] = [await b.viewer(), await b.viewer(), await b.viewer()];
    const before = (await b.get('/tj/prediction/match', { matchId }, { token: a.token })).data;
    expect(before).toMatchObject({ open: true, mine: null, split: null });
    await pick(a.token, { matchId, winner: 'home' });
    await pick(c.token, { matchId, winner: 'draw' });
    const mine = (await pick(d.token, { matchId, winner: 'draw' })).data;
    expect(mine.mine).toEqual({ winner: 'draw', total: null, totalLine: null });
    expect(mine.split.winner).toEqual([
      { pick: 'home', count: 1, percent: 33 },
      { pick: 'draw', count: 2, percent: 67 },
      { pick: 'away', count: 0, percent: 0 },
    ]);
    // d changes its mind: still one pick of d's.
    const changed = (await pick(d.token, { matchId, winner: 'away' })).data;
    expect(changed.split.total).toBe(3);
    expect(changed.split.winner.map((s: { count: number }) => s.count)).toEqual([1, 1, 1]);
    expect((await b.get('/tj/prediction/match', { matchId })).data.split).toBeNull();
    await b.app.db.update(matches).set({ state: 2 }).where(eq(matches.id, matchId));
    const visitor = (await b.get('/tj/prediction/match', { matchId })).data;
    expect(visitor).toMatchObject({ open: false, mine: null });
    expect(visitor.split.total).toBe(3);
  });

  it('takes a basketball total at the line of the moment and settles both picks as 锦囊 do, moving no money', async () => {
    const matchId = await basketball();
    const fan = await b.viewer({ diamonds: 50 });
    const other = await b.viewer();
    const trades = async () =>
      (await b.app.db.select().from(tradeRecords).where(eq(tradeRecords.userId, fan.id))).length;
    const tradesBefore = await trades();
    expect((await b.get('/tj/prediction/match', { matchId })).data.totalLine).toBe(215.5);
    const made = (await pick(fan.token, { matchId, winner: 'away', total: 'over' })).data;
    expect(made.mine).toEqual({ winner: 'away', total: 'over', totalLine: 215.5 });
    await pick(other.token, { matchId, winner: 'home', total: 'under' });
    await b.app.db
      .update(matches)
      .set({ state: 10, homeScore: 101, awayScore: 118 })
      .where(eq(matches.id, matchId));
    expect(await b.app.services.predictions.settleMatch(matchId)).toBe(2);
    // A second run (the sweep, another instance) finds nothing open.
    expect(await b.app.services.predictions.settleMatch(matchId)).toBe(0);
    const rows = await b.app.db.select().from(predictions).where(eq(predictions.matchId, matchId));
    const of = (id: number) => rows.find((r) => r.userId === id)!;
    expect(of(fan.id)).toMatchObject({ winnerResult: 'win', totalResult: 'win' });
    expect(of(other.id)).toMatchObject({ winnerResult: 'lose', totalResult: 'lose' });
    expect(await b.app.services.predictions.record(fan.id)).toEqual({ picks: 2, hits: 2, hitRate: 100 });
    expect(await b.app.services.predictions.record(other.id)).toEqual({ picks: 2, hits: 0, hitRate: 0 });
    expect(await trades()).toBe(tradesBefore);
  });

  it('ranks the week by hit rate among fans with enough settled picks', async () => {
    const sharp = await b.viewer();
    const casual = await b.viewer();
    const few = await b.viewer();
    for (let i = 0; i < 6; i++) {
      const matchId = await b.pricedMatch();
      await pick(sharp.token, { matchId, winner: 'home' });
      await pick(casual.token, { matchId, winner: i < 3 ? 'home' : 'away' });
      if (i === 0) await pick(few.token, { matchId, winner: 'home' });
      await b.finish(matchId, 1, 0);
      await b.app.services.predictions.sweep();
    }
    const board = (await b.get('/tj/prediction/board', { days: 7 })).data as {
      userId: number;
      hitRate: number;
    }[];
    const place = (id: number) => board.findIndex((r) => r.userId === id);
    expect(board[place(sharp.id)]).toMatchObject({ picks: 6, hits: 6, hitRate: 100 });
    expect(board[place(casual.id)]).toMatchObject({ picks: 6, hits: 3, hitRate: 50 });
    expect(place(sharp.id)).toBeLessThan(place(casual.id));
    expect(place(few.id)).toBe(-1);
    expect(await b.get('/tj/prediction/board', { days: 3 })).toMatchObject({
      msg: '参数 days 无效：请选择周榜或月榜',
    });
  });
});
