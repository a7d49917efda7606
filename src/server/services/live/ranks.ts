import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { TRADE_TYPE } from '../../../lib/vocab/trade-types.ts';
import type { Db } from '../../db/client.ts';
import { rooms, tradeRecords, users } from '../../db/schema/index.ts';
import { periodStart, RANK_SIZE, type RankPeriod } from '../wallet/gifts.ts';

/**
 * Site-wide rankings read from the ledger's records: anchors by 球票 earned from gifts (type 9),
 * givers by 球钻 spent on gifts (type 2), over a day, week or month (China calendar).
 */
export function createRankService(db: Db) {
  async function rank(type: number, period: RankPeriod, sign: 1 | -1) {
    const since = periodStart(period);
    const total = sql<number>`cast(${sign} * sum(${tradeRecords.amount}) as integer)`;
    const rows = await db
      .select({
        userId: users.id,
        nickName: users.nickName,
        portrait: users.portrait,
        level: users.level,
        amount: total,
        roomId: rooms.id,
        liveState: rooms.liveState,
      })
      .from(tradeRecords)
      .innerJoin(users, eq(users.id, tradeRecords.userId))
      .leftJoin(rooms, eq(rooms.anchorId, users.id))
      .where(and(eq(tradeRecords.type, type), since ? gte(tradeRecords.createdAt, since) : undefined))
      .groupBy(users.id, users.nickName, users.portrait, users.level, rooms.id, rooms.liveState)
      .orderBy(desc(total), asc(users.id))
      .limit(RANK_SIZE);
    return rows.map((r, i) => ({ rank: i + 1, ...r, amount: Number(r.amount) }));
  }

  return {
    /** GET /api/rank/anchor?rankType: 主播榜, amount in 球票. */
    anchors: (period: RankPeriod) => rank(TRADE_TYPE.giftIncome, period, 1),
    /** GET /api/rank/price?rankType: 土豪榜, amount in 球钻. */
    givers: (period: RankPeriod) => rank(TRADE_TYPE.giftTip, period, -1),
  };
}
