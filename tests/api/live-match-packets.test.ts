import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_TYPE } from '../../src/lib/vocab/trade-types.ts';
import { chatMessages, matches, redPackets, rooms, tradeRecords } from '../../src/server/db/schema/index.ts';
import { auditLedger } from '../../src/server/services/wallet/audit.ts';
import { targets } from '../support/context.ts';
import { createLiveBench, insertMatch, type LiveBench } from '../support/live.ts';

describe.each(targets())('比赛红包, match red packets, on $name', (target) => {
  let b: LiveBench;
  beforeAll(async () => {
    b = await createLiveBench(target);
  }, 180_000);
  afterAll(() => b.close());

  const balances = (userId: number) => b.wallet.ledger.balances(userId);
  const packet = async (id: number) =>
    (await b.app.db.select().from(redPackets).where(eq(redPackets.id, id)))[0];
  const setMatch = (id: number, values: Partial<typeof matches.$inferInsert>) =>
    b.app.db.update(matches).set(values).where(eq(matches.id, id));

  /** An anchor with 1,000 球钻 whose room shows a new football match (not started). */
  async function anchorOnMatch() {
    const a = await b.anchor();
    await b.fund(a.id, 1000);
    const matchId = await insertMatch(b.app.db);
    await b.app.db.update(rooms).set({ matchId }).where(eq(rooms.id, a.room.id));
    return { ...a, matchId };
  }
  const arm = (token: string, roomId: number, opensOn: string, total = 100) =>
    b.post('/api/redPacket/send', { roomId, total, count: 4, mode: 1, opensOn }, { token });

  it('lets only the room anchor arm one, on a match that can still reach the moment', async () => {
    const a = await anchorOnMatch();
    const fan = await b.viewer({ level: 3, diamonds: 500 });
    expect(await arm(fan.token, a.room.id, 'goal')).toMatchObject({
      status: 403,
      msg: '只有主播可以在自己的直播间发比赛红包',
    });
    expect(await arm(a.token, a.room.id, 'corner')).toMatchObject({
      status: 400,
      msg: '参数 opensOn 无效：请选择开抢时机',
    });
    await setMatch(a.matchId, { state: 4 });
    expect(await arm(a.token, a.room.id, 'half')).toMatchObject({ msg: '已过中场，不能再发中场红包' });
    await setMatch(a.matchId, { state: 8, homeScore: 1, awayScore: 0 });
    expect(await arm(a.token, a.room.id, 'goal')).toMatchObject({ msg: '比赛已结束，不能发比赛红包' });
    await setMatch(a.matchId, { state: 2, sport: 2 });
    expect(await arm(a.token, a.room.id, 'goal')).toMatchObject({ msg: '进球红包仅限足球比赛' });
    await b.app.db.update(rooms).set({ matchId: null }).where(eq(rooms.id, a.room.id));
    expect(await arm(a.token, a.room.id, 'half')).toMatchObject({ msg: '直播间未关联比赛，不能发比赛红包' });
    expect(await balances(a.id)).toMatchObject({ balance: 1000 });
  });

  it('takes the money when armed, refuses grabs until the next goal, then opens once', async () => {
    const a = await anchorOnMatch();
    await setMatch(a.matchId, { state: 2, homeScore: 1, awayScore: 0 });
    const armed = (await arm(a.token, a.room.id, 'goal')).data;
    expect(armed).toMatchObject({ status: 'armed', opensOn: 'goal', total: 100 });
    expect(await balances(a.id)).toMatchObject({ balance: 900 });
    const fan = await b.viewer();
    const grab = () => b.post('/api/redPacket/grab', { packetId: armed.id }, { token: fan.token });
    expect(await grab()).toMatchObject({ status: 400, msg: '红包还未开抢' });
    // No goal yet: a state change (half time) leaves a goal packet armed.
    await setMatch(a.matchId, { state: 3 });
    expect(await b.app.services.live.matchPackets.advanceMatch(a.matchId)).toBe(0);
    await setMatch(a.matchId, { state: 4, homeScore: 1, awayScore: 1 });
    // The feed's event and the sweep at the same moment: one of them opens it.
    const moved = await Promise.all([
      b.app.services.live.matchPackets.advanceMatch(a.matchId),
      b.app.services.live.matchPackets.sweep(),
    ]);
    expect(moved[0] + moved[1]).toBe(1);
    expect(await packet(armed.id)).toMatchObject({ status: 'open' });
    const got = (await grab()).data;
    expect(got.amount).toBeGreaterThan(0);
    const lines = await b.app.db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, a.room.id));
    expect(lines.map((l) => l.content)).toEqual([
      '埋了一个进球红包，共100球钻，下一个进球时开抢',
      '的进球红包开抢啦！共100球钻',
    ]);
  });

  it('opens a half-time packet at the break, and gives a goal packet back whole when the match ends without one', async () => {
    const a = await anchorOnMatch();
    const half = (await arm(a.token, a.room.id, 'half', 60)).data;
    const goal = (await arm(a.token, a.room.id, 'goal', 200)).data;
    expect(await balances(a.id)).toMatchObject({ balance: 740 });
    await setMatch(a.matchId, { state: 3, homeScore: 0, awayScore: 0 });
    await b.app.services.live.matchPackets.advanceMatch(a.matchId);
    expect(await packet(half.id)).toMatchObject({ status: 'open' });
    expect(await packet(goal.id)).toMatchObject({ status: 'armed' });
    await setMatch(a.matchId, { state: 8, ftHome: 0, ftAway: 0 });
    await Promise.all([
      b.app.services.live.matchPackets.advanceMatch(a.matchId),
      b.app.services.live.matchPackets.advanceMatch(a.matchId),
    ]);
    expect(await packet(goal.id)).toMatchObject({ status: 'expired', amountLeft: 0 });
    expect(await balances(a.id)).toMatchObject({ balance: 940 });
    const returns = await b.app.db
      .select()
      .from(tradeRecords)
      .where(and(eq(tradeRecords.userId, a.id), eq(tradeRecords.type, TRADE_TYPE.redPacketReturned)));
    expect(returns.map((r) => r.amount)).toEqual([200]);
    expect(await auditLedger(b.app.db)).toEqual([]);
  });
});
