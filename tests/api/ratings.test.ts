import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  matchEvents,
  matches,
  matchPlayerStats,
  playerRatings,
  players,
  users,
} from '../../src/server/db/schema/index.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, insertMatch, type LiveBench } from '../support/live.ts';

// The feed's clock starts here whatever today's date is (SIM_START); the tests move it with advance().
const START = Date.parse('2026-03-07T20:00:00Z');
const HOUR = 3_600_000;

describe.each(targets())('球员评分 player ratings on $name', (target) => {
  let b: LiveBench;
  beforeAll(async () => {
    b = await createLiveBench(target, { SPORTS_FEED: 'import', SIM_START: new Date(START).toISOString() });
  }, 180_000);
  afterAll(() => b.close());

  const clock = () => b.app.services.sports.clock;
  const rate = (token: string, body: Record<string, unknown>, ip?: string) =>
    b.post('/live/rating/rate', body, { token, ip });

  /** A fan whose ratings count (level 2, phone verified), or one that does not. */
  async function fan(opts: { level?: number; verified?: boolean } = {}) {
    const u = await b.viewer();
    await b.app.db
      .update(users)
      .set({ level: opts.level ?? 2, phoneVerifiedAt: opts.verified === false ? null : new Date(START) })
      .where(eq(users.id, u.id));
    return u;
  }

  /**
   * A football match kicked off an hour and a half ago by the feed's clock, with four players of the home
   * side: `scorer` played 90 minutes, `off` went off at 55' for `on`, `bench` never came on.
   */
  async function match() {
    const id = await insertMatch(b.app.db, new Date(clock().now() - 1.5 * HOUR));
    const [m] = await b.app.db.select().from(matches).where(eq(matches.id, id));
    const tag = Math.random().toString(36).slice(2, 8);
    const [scorer, off, on, bench] = await b.app.db
      .insert(players)
      .values(
        ['前锋', '中场', '替补', '板凳'].map((nameZh, i) => ({
          key: `t:${tag}:${i}`,
          sport: 1,
          name: `Player ${i}`,
          nameZh,
          teamId: m.homeTeamId,
        })),
      )
      .returning({ id: players.id });
    const line = (playerId: number, minutesPlayed: number, more = {}) => ({
      matchId: id,
      playerId,
      teamId: m.homeTeamId,
      side: 1,
      starter: playerId !== on.id && playerId !== bench.id,
      minutesPlayed,
      ...more,
    });
    await b.app.db
      .insert(matchPlayerStats)
      .values([
        line(scorer.id, 90, { goals: 1, shots: 3 }),
        line(off.id, 55),
        line(on.id, 35),
        line(bench.id, 0),
      ]);
    await b.app.db.insert(matchEvents).values({
      matchId: id,
      seq: 1,
      type: 'substitution',
      side: 1,
      minute: 55,
      playerId: on.id,
      otherPlayerId: off.id,
      at: new Date(clock().now()),
    });
    const ids = { matchId: id, scorer: scorer.id, off: off.id, on: on.id, bench: bench.id };
    return ids;
  }
  const play = (id: number, state: number, minute: number | null) =>
    b.app.db.update(matches).set({ state, minute }).where(eq(matches.id, id));
  /** The final whistle now, by the feed's clock (as the feed writes it: state and clockAt). */
  const whistle = (id: number) =>
    b.app.db
      .update(matches)
      .set({ state: 8, minute: null, clockAt: new Date(clock().now()), homeScore: 1, awayScore: 0 })
      .where(eq(matches.id, id));

  const whistleOf = async (id: number) =>
    (await b.app.db.select({ at: matches.clockAt }).from(matches).where(eq(matches.id, id)))[0].at!.getTime();

  it('refuses a visitor, a bad value, an unknown match, a player who did not play, each in Chinese', async () => {
    const a = await fan();
    const m = await match();
    await whistle(m.matchId);
    expect(await rate('', { matchId: m.matchId, playerId: m.scorer, rating: 7 })).toMatchObject({
      status: 401,
    });
    for (const rating of ['', 'abc', '0.5', '10.5', '7.3', '-1']) {
      expect(await rate(a.token, { matchId: m.matchId, playerId: m.scorer, rating })).toMatchObject({
        status: 400,
        msg: '参数 rating 无效：评分须为 1 到 10 分，以 0.5 分为单位',
      });
    }
    expect(await rate(a.token, { matchId: 99999999, playerId: m.scorer, rating: 7 })).toMatchObject({
      status: 404,
      msg: '比赛不存在',
    });
    for (const playerId of [m.bench, 99999999]) {
      expect(await rate(a.token, { matchId: m.matchId, playerId, rating: 7 })).toMatchObject({
        status: 400,
        msg: '该球员本场没有出场，不能评分',
      });
    }
  });

  it('opens at the final whistle, and from the 60th minute for a football player already substituted off', async () => {
    const a = await fan();
    const m = await match();
    const early = { matchId: m.matchId, rating: 6.5 };
    await play(m.matchId, 1, null);
    expect(await rate(a.token, { ...early, playerId: m.scorer })).toMatchObject({
      status: 400,
      msg: '比赛还没有结束，完场后才能评分',
    });
    await play(m.matchId, 4, 58);
    expect(await rate(a.token, { ...early, playerId: m.off })).toMatchObject({
      msg: '比赛第 60 分钟起才能为已换下的球员评分',
    });
    await play(m.matchId, 4, 61);
    expect(await rate(a.token, { ...early, playerId: m.off })).toMatchObject({ code: 200 });
    // Still on the pitch, or just come on: wait for the whistle.
    for (const playerId of [m.scorer, m.on]) {
      expect(await rate(a.token, { ...early, playerId })).toMatchObject({
        msg: '比赛还没有结束，完场后才能评分',
      });
    }
    const live = (await b.get('/live/rating/match', { matchId: m.matchId }, { token: a.token })).data;
    expect(live.open).toBe(true);
    expect(live.mine).toEqual({ [m.off]: 6.5 });
    const refusal = (id: number) => live.players.find((p: { playerId: number }) => p.playerId === id).refusal;
    expect(refusal(m.off)).toBeNull();
    expect(refusal(m.scorer)).toBe('比赛还没有结束，完场后才能评分');
    // A match called off never opens.
    await b.app.db.update(matches).set({ state: 12 }).where(eq(matches.id, m.matchId));
    expect(await rate(a.token, { ...early, playerId: m.off })).toMatchObject({
      msg: '比赛没有正常进行，不能评分',
    });
  });

  it('takes a rating and a change as one row, averages them, and closes 24 hours after the whistle by the feed clock', async () => {
    const [a, c, d] = [await fan(), await fan(), await fan()];
    const m = await match();
    await whistle(m.matchId);
    const body = (rating: number) => ({ matchId: m.matchId, playerId: m.scorer, rating });
    const first = await rate(a.token, body(7));
    expect(first).toMatchObject({ code: 200 });
    expect(first.data).toMatchObject({
      mine: { playerId: m.scorer, rating: 7, counted: true },
      notice: null,
      player: { average: 7, count: 1 },
      best: null,
    });
    await rate(c.token, body(8));
    const third = (await rate(d.token, body(8.5))).data;
    expect(third.player).toEqual({ playerId: m.scorer, average: 7.8, count: 3 });
    expect(third.best).toEqual({ playerId: m.scorer, name: '前锋', average: 7.8, count: 3 });
    // a changes its mind: still three ratings.
    expect((await rate(a.token, body(9.5))).data.player).toEqual({
      playerId: m.scorer,
      average: 8.7,
      count: 3,
    });
    const rows = await b.app.db
      .select()
      .from(playerRatings)
      .where(and(eq(playerRatings.matchId, m.matchId), eq(playerRatings.userId, a.id)));
    expect(rows.map((r) => r.rating)).toEqual([9.5]);

    const seen = (await b.get('/live/rating/match', { matchId: m.matchId })).data;
    expect(seen).toMatchObject({ open: true, mine: {}, best: { playerId: m.scorer } });
    expect(seen.closesAt).toBe((await whistleOf(m.matchId)) + 24 * HOUR);
    const scorer = seen.players.find((p: { playerId: number }) => p.playerId === m.scorer);
    expect(scorer).toMatchObject({ name: '前锋', average: 8.7, count: 3, site: 7.6, refusal: null });
    expect(seen.players.map((p: { playerId: number }) => p.playerId)).not.toContain(m.bench);

    // One minute short of a day after the whistle a change is still taken; past it, no more.
    clock().advance(24 * HOUR - 60_000);
    expect(await rate(c.token, body(6))).toMatchObject({ code: 200 });
    clock().advance(2 * 60_000);
    expect(await rate(c.token, body(10))).toMatchObject({
      status: 400,
      msg: '完场已超过 24 小时，评分已截止',
    });
    const after = (await b.get('/live/rating/match', { matchId: m.matchId }, { token: c.token })).data;
    expect(after).toMatchObject({ open: false, mine: { [m.scorer]: 6 } });
  });

  it('keeps but does not count ratings from a new account or one without a verified phone', async () => {
    const m = await match();
    await whistle(m.matchId);
    const real = await fan();
    const fresh = await fan({ level: 0 });
    const unverified = await fan({ level: 5, verified: false });
    const body = (rating: number) => ({ matchId: m.matchId, playerId: m.on, rating });
    await rate(real.token, body(6));
    for (const u of [fresh, unverified]) {
      const res = (await rate(u.token, body(10))).data;
      expect(res.mine).toMatchObject({ rating: 10, counted: false });
      expect(res.notice).toBe('评分已保存；账号达到 Lv1 且手机号已验证后，评分才计入球迷平均分');
      expect(res.player).toMatchObject({ average: 6, count: 1 });
    }
    // Their own rating is still theirs to see.
    expect(
      (await b.get('/live/rating/match', { matchId: m.matchId }, { token: fresh.token })).data.mine,
    ).toEqual({
      [m.on]: 10,
    });
  });

  it('names 全场最佳 only with enough counted ratings', async () => {
    const m = await match();
    await whistle(m.matchId);
    const fans = [await fan(), await fan(), await fan()];
    await rate(fans[0].token, { matchId: m.matchId, playerId: m.on, rating: 10 });
    await rate(fans[1].token, { matchId: m.matchId, playerId: m.on, rating: 10 });
    for (const [i, f] of fans.entries())
      await rate(f.token, { matchId: m.matchId, playerId: m.off, rating: 7 + i / 2 });
    const board = await b.app.services.ratings.board(m.matchId);
    expect(board!.best).toEqual({ playerId: m.off, name: '中场', average: 7.5, count: 3 });
    await rate(fans[2].token, { matchId: m.matchId, playerId: m.on, rating: 9 });
    expect((await b.app.services.ratings.board(m.matchId))!.best).toMatchObject({
      playerId: m.on,
      average: 9.7,
    });
  });

  it('takes two fans at once, and the same fan twice at once as one rating', async () => {
    const m = await match();
    await whistle(m.matchId);
    const [a, c] = [await fan(), await fan()];
    const body = (rating: number) => ({ matchId: m.matchId, playerId: m.scorer, rating });
    const both = await Promise.all([rate(a.token, body(6)), rate(c.token, body(9))]);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    const twice = await Promise.all([rate(a.token, body(7)), rate(a.token, body(8)), rate(a.token, body(8))]);
    expect(twice.map((r) => r.code)).toEqual([200, 200, 200]);
    const rows = await b.app.db
      .select()
      .from(playerRatings)
      .where(and(eq(playerRatings.matchId, m.matchId), eq(playerRatings.playerId, m.scorer)));
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.userId === a.id)!;
    expect([7, 8]).toContain(mine.rating);
    const board = await b.app.services.ratings.board(m.matchId);
    expect(board!.players.find((p) => p.playerId === m.scorer)).toMatchObject({
      count: 2,
      average: (mine.rating + 9) / 2,
    });
  });

  it('records the address and lists addresses that rated one match with many accounts, for staff only', async () => {
    const m = await match();
    await whistle(m.matchId);
    const ip = '10.77.0.9';
    const crowd = [await fan(), await fan(), await fan({ level: 0 })];
    for (const u of crowd) await rate(u.token, { matchId: m.matchId, playerId: m.scorer, rating: 10 }, ip);
    const loner = await fan();
    await rate(loner.token, { matchId: m.matchId, playerId: m.scorer, rating: 4 }, '10.77.0.10');
    const [admin] = await b.app.db.select().from(users).where(eq(users.mobile, '13800000011'));
    const [operator] = await b.app.db.select().from(users).where(eq(users.mobile, '13800000009'));
    const list = await b.app.services.ratings.suspectAddresses(operator);
    const row = list.find((r) => r.matchId === m.matchId)!;
    expect(row).toMatchObject({
      ip,
      accounts: 3,
      ratings: 3,
      match: { id: m.matchId, name: '红队 vs 蓝队' },
    });
    expect(row.users.map((u) => u.id).sort()).toEqual(crowd.map((u) => u.id).sort());
    expect(list.some((r) => r.ip === '10.77.0.10')).toBe(false);
    expect((await b.app.services.ratings.suspectAddresses(admin)).length).toBeGreaterThan(0);
    await expect(b.app.services.ratings.suspectAddresses({ roles: ['editor'] })).rejects.toMatchObject({
      code: 403,
    });
  });

  it('limits ratings per address across accounts', async () => {
    const m = await match();
    await whistle(m.matchId);
    const ip = '10.88.0.1';
    let refused: { status: number; msg: string } | null = null;
    for (let i = 0; i < 4 && !refused; i++) {
      const u = await fan();
      for (let n = 0; n < 45; n++) {
        const res = await rate(
          u.token,
          { matchId: m.matchId, playerId: m.scorer, rating: 1 + (n % 19) / 2 },
          ip,
        );
        if (res.status !== 200) {
          refused = res;
          break;
        }
      }
    }
    expect(refused).toMatchObject({ status: 429, msg: '操作太频繁，请稍后再试' });
  });
});
